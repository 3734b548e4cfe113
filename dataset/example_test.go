package dataset_test

import (
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/formplan/formplan/dataset"
)

func Example() {
	dir, err := os.MkdirTemp("", "dataset-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := os.Mkdir(filepath.Join(dir, "plan"), 0o755); err != nil {
		log.Fatal(err)
	}
	path := filepath.Join(dir, "plan", "test-00000-of-00001.parquet")

	w, err := dataset.Create(path, dataset.Options{Metadata: map[string]string{"seed": "1"}})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Abort() // removes the temporary file if Close is not reached

	zero := int64(0)
	a, b := "Submit", "Cancel"
	err = w.Write(dataset.Row{
		ID:        "plan-00000",
		Question:  "Which button sends the form?",
		Choices:   []string{a, b},
		A:         &a,
		B:         &b,
		Answer:    "A",
		AnswerIdx: &zero,
		Image:     &dataset.Image{Bytes: []byte("\x89PNG...")},
	})
	if err != nil {
		log.Fatal(err)
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}

	rows, err := dataset.ReadRows(path)
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range rows {
		fmt.Println(r.ID, r.Choices, r.Answer, *r.AnswerIdx, r.Image2 == nil)
	}
	// Output:
	// plan-00000 [Submit Cancel] A 0 true
}
