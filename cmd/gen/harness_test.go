package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/formplan/formplan/dataset"
	"github.com/formplan/formplan/internal/fixture"
	"github.com/formplan/formplan/score"
	"github.com/formplan/formplan/suites"
)

// python returns Debian's Python 3, which make test installs with
// xlsxwriter, the writer VLMEvalKit saves its predictions with.
func python(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"/usr/bin/python3", "python3"} {
		if exec.Command(p, "-c", "import xlsxwriter").Run() == nil {
			return p
		}
	}
	t.Fatal("no python3 with xlsxwriter: run make test, which installs Debian's python3-xlsxwriter")
	return ""
}

// load reads the questions of the dataset in dir.
func load(t *testing.T, dir string) *score.Dataset {
	t.Helper()
	d, err := score.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// writeJSON writes v as JSON to a new file named name and returns its path.
func writeJSON(t *testing.T, name string, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// gold returns the oracle's replies to d, by row id, in the CoT style:
// reasoning, then the answer line.
func gold(t *testing.T, d *score.Dataset) map[string]string {
	t.Helper()
	rs, err := score.Respond(d, "oracle", 1, false)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, r := range rs {
		answer := r.Response
		switch d.ByID[r.ID].Suite {
		case "plan_generation":
			answer = "Plan:\n" + answer // the line its CoT prompt asks for
		case "next_action":
			answer = "Action: " + answer
		default:
			if !strings.HasPrefix(answer, "Answer: ") {
				answer = "Answer: " + answer // a free-format reply, "Picture 1"
			}
		}
		out[r.ID] = "Let me read the form and run every option.\n" + answer
	}
	return out
}

// suiteDocs writes every row of every suite of dir as JSON documents, the
// columns lmms-eval hands utils.py (pictures left out), with the gold
// reply of each.
func suiteDocs(t *testing.T, dir string, replies map[string]string) string {
	t.Helper()
	docs := map[string][]map[string]any{}
	for _, s := range suites.Defaults() {
		files, _ := filepath.Glob(filepath.Join(dir, s, "test-*.parquet"))
		for _, f := range files {
			rows, err := dataset.ReadRows(f)
			if err != nil {
				t.Fatal(err)
			}
			su, _ := suites.Lookup(s)
			for _, r := range rows {
				docs[s] = append(docs[s], map[string]any{
					"id": r.ID, "index": *r.Index, "suite": r.Suite, "choices": r.Choices, "answer": r.Answer, "open": su.Open,
					"answer_idx": r.AnswerIdx, "metadata": r.Metadata, "caption": *r.Caption,
					"prompt_instruct": r.PromptInstruct, "prompt_cot": r.PromptCoT, "category": r.Family,
					"question": r.Question, "reply": replies[r.ID],
				})
			}
		}
	}
	return writeJSON(t, "docs.json", docs)
}

// TestLMMSEvalSamplesScore plays lmms-eval on the caption CoT tasks with
// gold replies: utils.py builds each prompt and target and scores the
// reply, and the samples are written as lmms-eval's --log_samples writes
// them (one <date>_samples_<task>.jsonl per task under the model's
// directory; doc dropped, the metrics at the top). utils.py's accuracy
// and gen score's must both be 100%, also when a sample lacks the
// formplan metric and only its doc_id names the row.
func TestLMMSEvalSamplesScore(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := runGen(t, "--out", dir, "--n", "16", "--no-images", "--quiet", "--suites", strings.Join(fixture.TextOnly(), ",")); err != nil {
		t.Fatal(err)
	}
	docs := suiteDocs(t, dir, gold(t, load(t, dir)))
	results := filepath.Join(t.TempDir(), "results")
	script := `
import json, os, sys
sys.path.insert(0, os.path.join(sys.argv[1], "lmms-eval"))
import utils
docs = json.load(open(sys.argv[2], encoding="utf-8"))
out = os.path.join(sys.argv[3], "my-model")
os.makedirs(out)
kwargs = {"prompt_style": "cot", "setting": "caption"}
for suite, rows in docs.items():
    task = "formplan_" + suite + "_caption_cot"
    accuracy, kept = [], []
    with open(os.path.join(out, "20261123_120000_samples_" + task + ".jsonl"), "a", encoding="utf-8") as f:
        for doc_id, doc in enumerate(rows):
            assert doc["index"] == doc_id
            prompt = utils.doc_to_text(doc, kwargs)
            assert doc["caption"] in prompt and doc["prompt_cot"] in prompt
            assert utils.no_visual(doc) == []
            if doc["open"]:
                # A plan or an action: kept for gen score, which judges it.
                metrics = utils.keep_reply(doc, [doc["reply"].strip()])
                assert metrics["formplan"] == {"id": doc["id"], "extracted": None}
                kept.append(metrics["optimal" if suite == "plan_generation" else "lenient"])
            else:
                metrics = utils.process_results(doc, [doc["reply"].strip()])
                accuracy.append(metrics["accuracy"])
            if suite == "plan_shuffle":
                del metrics["formplan"]  # gen score falls back on doc_id
            sample = {"doc_id": doc_id, "target": str(utils.doc_to_target(doc)), "filtered_resps": doc["reply"],
                      "input": prompt, "doc_hash": "x", "token_counts": {}}
            sample.update(metrics)
            f.write(json.dumps(sample, ensure_ascii=False) + "\n")
    if accuracy:
        print(task, "accuracy", sum(accuracy) / len(accuracy), "rows", len(accuracy))
    else:
        # The aggregations lmms-eval calls run gen score on the replies.
        names = {"plan_generation": ["success", "optimal"], "next_action": ["lenient", "strict"]}[suite]
        print(task, "kept rows", len(rows), " ".join(n + " " + str(getattr(utils, n)(kept)) for n in names))
        # Replies that submit at once: no task of these suites is met so.
        print(task, "submit alone", names[0], getattr(utils, names[0])([{"id": k["id"], "reply": "submit"} for k in kept]))
`
	py := exec.Command(python(t), "-c", script, dir, docs, results)
	// gen score, which the open-ended suites' aggregations run, is this
	// test binary running main.
	py.Env = append(os.Environ(), "FORMPLAN_GEN="+os.Args[0], "FORMPLAN_GEN_MAIN=1", "FORMPLAN_DATASET="+dir)
	out, err := py.CombinedOutput()
	if err != nil {
		t.Fatalf("python: %v\n%s", err, out)
	}
	for _, want := range []string{"plan_generation_caption_cot kept rows 16 success 1.0 optimal 1.0", "next_action_caption_cot kept rows 16 lenient 1.0 strict 1.0",
		"plan_generation_caption_cot submit alone success 0.0", "next_action_caption_cot submit alone lenient 0.0"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("lmms-eval's measures of the open-ended suites: no %q in\n%s", want, out)
		}
	}
	open := 0
	for _, name := range suites.Defaults() {
		if s, _ := suites.Lookup(name); s.Open {
			open++
		}
	}
	if strings.Count(string(out), "accuracy 1.0 rows 16") != len(suites.Defaults())-open || strings.Count(string(out), "kept rows 16") != open {
		t.Errorf("utils.py did not score every gold reply right, or keep every open-ended one:\n%s", out)
	}
	logs, _ := filepath.Glob(filepath.Join(results, "my-model", "*_samples_*.jsonl"))
	table, _, err := runGen(t, append([]string{"score", dir, "--by", "suite,prompt_style,setting"}, logs...)...)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range suites.Defaults() {
		if !strings.Contains(table, s+"  ") || !regexpLine(table, s, "cot", "caption", "100.0% [", "n=16") {
			t.Errorf("%s not 100%% for my-model in\n%s", s, table)
		}
	}
}

// regexpLine reports whether some line of table holds every part, in order.
func regexpLine(table string, parts ...string) bool {
	for _, line := range strings.Split(table, "\n") {
		rest, ok := line, true
		for _, p := range parts {
			k := strings.Index(rest, p)
			if k < 0 {
				ok = false
				break
			}
			rest = rest[k+len(p):]
		}
		if ok {
			return true
		}
	}
	return false
}

// TestVLMEvalKitPredictionsScore plays VLMEvalKit's inference on the TSVs
// gen writes: each TSV is read back (Python's csv, as pandas reads it),
// the image column dropped and a prediction column added with the gold
// reply, and the table saved as VLMEvalKit saves it, to
// <model>_<dataset>.xlsx with xlsxwriter (the default), or .tsv or .json
// (PRED_FORMAT). gen score must find every row and score it 100%.
//
// VLMEvalKit's own exact-matching evaluation must score the gold replies
// 100% too on the suites whose class grades them: ImageMCQDataset takes
// the option a reply names by can_infer (a single option letter among
// the reply's last five words, once ".()[],:;!*#{}" are spaces; else
// "answer is X"; else the one option whose text the reply holds, for a
// reply at most twice as long as the options together), ImageYORNDataset
// by YOrN_Extraction ("yes" without "no" among the words, or the
// reverse). The script plays those rules as vlmeval/utils/matching_util.py
// and vlmeval/dataset/utils/yorn.py define them. The open-ended suites
// load as CustomVQADataset, which grades nothing: gen score alone does.
func TestVLMEvalKitPredictionsScore(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := runGen(t, "--out", dir, "--n", "8", "--quiet", "--format", "vlmevalkit", "--suites", strings.Join(suites.Defaults(), ",")); err != nil {
		t.Fatal(err)
	}
	d := load(t, dir)
	rs, err := score.Respond(d, "oracle", 1, false)
	if err != nil {
		t.Fatal(err)
	}
	replies := map[string]string{} // the replies the hints ask for: "Answer: B", "Picture 1", a plan
	for _, r := range rs {
		replies[r.ID] = r.Response
	}
	cfg, err := os.ReadFile(filepath.Join(dir, "vlmevalkit", "config.json"))
	if err != nil {
		t.Fatal(err)
	}
	byIndex := map[string]map[string]string{} // suite -> index -> reply
	for _, q := range d.Order {
		if byIndex[q.Suite] == nil {
			byIndex[q.Suite] = map[string]string{}
		}
		byIndex[q.Suite][strconv.FormatInt(q.Index, 10)] = replies[q.ID]
	}
	goldPath := writeJSON(t, "gold.json", byIndex)
	outputs := filepath.Join(t.TempDir(), "outputs")
	script := `
import csv, json, os, re, string, sys
import xlsxwriter
csv.field_size_limit(1 << 30)
tsv_dir, gold, out = sys.argv[1], json.load(open(sys.argv[2])), os.path.join(sys.argv[3], "my-model")
config = json.load(open(os.path.join(tsv_dir, "config.json")))["data"]
os.makedirs(out)

def option_named(reply, options):
    # ImageMCQDataset's exact matching (can_infer).
    words = reply
    for c in ".()[],:;!*#{}":
        words = words.replace(c, " ")
    words = [w.strip() for w in words.split()]
    named = [k for k in options if k in words]
    if len(named) == 1 and words.index(named[0]) > len(words) - 5:
        return named[0]
    m = re.search(r"(?i)(?:correct\s+)?answer\s+is\s+\**([ABCD])\**", reply)
    if m and m.group(1).upper() in options:
        return m.group(1).upper()
    low = reply.lower()
    if len(low) > 2 * sum(len(v) for v in options.values()):
        return None
    held = [k for k, v in options.items() if v.lower() in low]
    return held[0] if len(held) == 1 else None

def yes_or_no(reply):
    # ImageYORNDataset's YOrN_Extraction.
    text = reply.lower()
    for c in ";/[]\"{}()=+\\_-><@` + "`" + `,?!":
        text = text.replace(c, " ")
    words = re.sub(r"(?<!\d)\.(?!\d)", "", text).split()
    if ("yes" in words) != ("no" in words):
        return "Yes" if "yes" in words else "No"
    return "Unknown"

formats = {"edge_case": "tsv", "future_state": "json"}
for suite, replies in gold.items():
    with open(os.path.join(tsv_dir, "formplan_" + suite + ".tsv"), newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    cls = config["formplan_" + suite]["class"]
    hits = []
    for r in rows:
        reply = replies[r["index"]]
        if cls == "ImageMCQDataset":
            options = {k: r[k] for k in string.ascii_uppercase if r.get(k)}
            hits.append(option_named(reply, options) == r["answer"])
        elif cls == "ImageYORNDataset":
            hits.append(yes_or_no(reply) == r["answer"])
        else:
            assert cls == "CustomVQADataset" and "gen score" in config["formplan_" + suite]["formplan_note"], cls
    if hits:
        print("vlmevalkit", suite, cls, "accuracy", sum(hits) / len(hits), "rows", len(hits))
    header = [c for c in rows[0].keys() if c != "image"] + ["prediction"]
    for r in rows:
        r.pop("image")
        r["prediction"] = replies[r["index"]]
    fmt = formats.get(suite, "xlsx")
    path = os.path.join(out, "my-model_formplan_" + suite + "." + fmt)
    if fmt == "xlsx":
        book = xlsxwriter.Workbook(path, {"strings_to_formulas": False, "strings_to_numbers": False})
        sheet = book.add_worksheet()
        sheet.write_row(0, 0, header)
        for k, r in enumerate(rows):
            sheet.write_row(k + 1, 0, [int(r[c]) if c == "index" else r[c] for c in header])
        book.close()
    elif fmt == "tsv":
        with open(path, "w", newline="", encoding="utf-8") as f:
            w = csv.writer(f, delimiter="\t", quoting=csv.QUOTE_ALL)
            w.writerow(header)
            for r in rows:
                w.writerow([r[c] for c in header])
    else:
        with open(path, "w", encoding="utf-8") as f:
            json.dump([dict(r, index=int(r["index"])) for r in rows], f, ensure_ascii=False)
    print(path, len(rows))
`
	out, err := exec.Command(python(t), "-c", script, filepath.Join(dir, "vlmevalkit"), goldPath, outputs).CombinedOutput()
	if err != nil {
		t.Fatalf("python: %v\n%s", err, out)
	}
	for _, name := range suites.Defaults() {
		if su, _ := suites.Lookup(name); !su.Open && !strings.Contains(string(out), "vlmevalkit "+name+" ") {
			t.Errorf("VLMEvalKit's evaluation did not score %s:\n%s", name, out)
		}
	}
	if strings.Count(string(out), "accuracy 1.0 rows 8") != len(suites.Defaults())-2 || !strings.Contains(string(cfg), "CustomVQADataset") {
		t.Errorf("VLMEvalKit's own evaluation is not 100%% on every suite it grades:\n%s", out)
	}
	preds, _ := filepath.Glob(filepath.Join(outputs, "my-model", "my-model_formplan_*"))
	if len(preds) != len(suites.Defaults()) {
		t.Fatalf("prediction files %v\n%s", preds, out)
	}
	table, _, err := runGen(t, append([]string{"score", dir, "--by", "suite"}, preds...)...)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range suites.Defaults() {
		if !regexpLine(table, s, "100.0% [", "n=8") {
			t.Errorf("%s not 100%% for my-model in\n%s", s, table)
		}
	}
	if !strings.Contains(table, "my-model") {
		t.Errorf("the model is not named after its files:\n%s", table)
	}
}
