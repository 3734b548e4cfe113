package report

import "html/template"

// pageTemplate is the report page. Everything it shows is in the page
// itself: the plots are SVG data URIs.
var pageTemplate = template.Must(template.New("report").Funcs(template.FuncMap{"pct": func(x float64) float64 { return 100 * x }}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>formplan scores: {{.Title}}</title>
<style>
body { font-family: "Liberation Sans", Arial, sans-serif; margin: 24px; color: #222; }
table { border-collapse: collapse; margin: 12px 0 24px; }
th, td { border: 1px solid #ccc; padding: 4px 8px; text-align: left; font-size: 13px; }
th { background: #f3f3f3; }
.figures { display: flex; flex-wrap: wrap; gap: 16px; }
figure { margin: 0; width: 507px; }
figure img { width: 507px; height: 360px; display: block; }
figcaption { font-size: 12px; color: #555; }
</style>
</head>
<body>
<h1>formplan scores: {{.Title}}</h1>
<p>Accuracy with its 95% Wilson interval and the number of replies; chance is a uniform guess among each question's options, or for an open-ended suite the most a reader of the text alone can score.
A reply with no answer, or two, is unparsed and counts as wrong.</p>

<h2>By suite</h2>
<table id="suites">
<tr><th>suite</th><th>chance</th>{{range .Models}}<th>{{.}}</th>{{end}}</tr>
{{range .Suites}}<tr><td>{{.Suite}}</td><td>{{.Chance}}</td>{{range .Entries}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table>

<h2>Accuracy against horizon</h2>
<div class="figures">
{{range .Horizon}}<figure><img src="{{.Src}}" alt="{{.Caption}}"><figcaption>{{.Caption}}</figcaption></figure>
{{end}}</div>

{{if .Order}}<h2>Order bias on temporal_order</h2>
<p>A model that reads the pictures is as right when the earlier picture is shown first as when it is shown second;
one that always answers "Picture 1" has a gap of 100 points.</p>
<div class="figures">
{{range .Order}}<figure><img src="{{.Src}}" alt="{{.Caption}}"><figcaption>{{.Caption}}</figcaption></figure>
{{end}}</div>
<table id="gaps">
<tr><th>model</th><th>prompt style</th><th>setting</th><th>earlier first</th><th>earlier second</th><th>gap [95%]</th><th>items asked both ways: mean gap [95%]</th></tr>
{{range .Gaps}}<tr><td>{{.Model}}</td><td>{{.PromptStyle}}</td><td>{{.Setting}}</td>
<td>{{printf "%.1f%%" (pct .EarlierFirst.Accuracy)}} n={{.EarlierFirst.N}}</td><td>{{printf "%.1f%%" (pct .LaterFirst.Accuracy)}} n={{.LaterFirst.N}}</td>
<td>{{printf "%+.1f [%+.1f, %+.1f]" (pct .Gap) (pct .Low) (pct .High)}}</td>
<td>{{if .Items}}{{.Items}}: {{printf "%+.1f [%+.1f, %+.1f]" (pct .Paired) (pct .PairedLow) (pct .PairedHigh)}}{{else}}-{{end}}</td></tr>
{{end}}</table>{{end}}

{{if .Open}}<h2>Open-ended suites</h2>
<p>plan_generation: the plan is run in the simulator from the pictured state. Success: the goal holds when it ends; optimal (the main measure): success in the fewest steps;
partial: the share of the task's wants met; valid: every step names an element and an action it has; efficiency: the fewest steps over the steps taken, for successful plans.
next_action: strict matches the gold step; lenient (the main measure) is any action that begins some shortest plan; in_box: a click point inside the gold step's element.</p>
<div class="figures">
{{range .Open}}<figure><img src="{{.Src}}" alt="{{.Caption}}"><figcaption>{{.Caption}}</figcaption></figure>
{{end}}</div>{{end}}

<h2>What the chosen options do</h2>
<p>For each reply, the kind of the option it chose, from the row's <code>option_labels</code>: the correct one, or what goes wrong with it.</p>
<div class="figures">
{{range .Chosen}}<figure><img src="{{.Src}}" alt="{{.Caption}}"><figcaption>{{.Caption}}</figcaption></figure>
{{end}}</div>
</body>
</html>
`))
