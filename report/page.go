package report

import "html/template"

// page is what the template shows.
type page struct {
	Title    string
	Folder   string // where the figures' and tables' files are, beside the page
	Runs     []string
	Sections []section
}

// section is a heading with its tables and figures.
type section struct {
	Title   string
	Intro   string
	Tables  []pageTable
	Figures []figure
}

// pageTable is a table as the page shows it.
type pageTable struct {
	Name    string
	Caption string
	Header  []string
	Rows    [][]string
}

// figure is one chart: embedded in the page, and as files beside it.
type figure struct {
	Name    string
	Caption string
	Src     template.URL
}

// pageTemplate is the report page. Everything it shows is in the page
// itself: the charts are SVG data URIs. It links the same charts as SVG
// and PDF files, and the tables as CSV and LaTeX, in the folder beside it.
var pageTemplate = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>formplan scores: {{.Title}}</title>
<style>
body { font-family: "Liberation Sans", Arial, sans-serif; margin: 24px; color: #222; max-width: 1400px; }
table { border-collapse: collapse; margin: 6px 0 4px; }
th, td { border-top: 1px solid #ddd; padding: 3px 8px; text-align: left; font-size: 13px; }
thead th { border-top: 2px solid #333; border-bottom: 1px solid #333; }
tbody tr:last-child td { border-bottom: 2px solid #333; }
caption { caption-side: top; text-align: left; font-size: 13px; color: #444; padding-bottom: 4px; }
.files { font-size: 12px; color: #555; margin: 0 0 20px; }
.figures { display: flex; flex-wrap: wrap; gap: 20px; margin-bottom: 20px; }
figure { margin: 0; width: 640px; }
figure img { width: 640px; display: block; }
figcaption { font-size: 12px; color: #555; }
</style>
</head>
<body>
<h1>formplan scores: {{.Title}}</h1>
<p>Runs: {{range $i, $r := .Runs}}{{if $i}}, {{end}}{{$r}}{{end}}.</p>
{{range .Sections}}<h2>{{.Title}}</h2>
<p>{{.Intro}}</p>
{{range .Tables}}<table id="{{.Name}}">
<caption>{{.Caption}}</caption>
<thead><tr>{{range .Header}}<th>{{.}}</th>{{end}}</tr></thead>
<tbody>
{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody>
</table>
<p class="files">As files: <a href="{{$.Folder}}/table-{{.Name}}.csv">CSV</a>, <a href="{{$.Folder}}/table-{{.Name}}.tex">LaTeX</a></p>
{{end}}{{if .Figures}}<div class="figures">
{{range .Figures}}<figure id="{{.Name}}"><img src="{{.Src}}" alt="{{.Caption}}"><figcaption>{{.Caption}}. <a href="{{$.Folder}}/{{.Name}}.svg">SVG</a>, <a href="{{$.Folder}}/{{.Name}}.pdf">PDF</a></figcaption></figure>
{{end}}</div>
{{end}}{{end}}</body>
</html>
`))
