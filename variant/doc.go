// Package variant draws and shows the looks of a variant group (gen
// --variants V): the same question asked V times, each row's pictures
// drawn under a look that changes no answer. A look (question.Look) may
// permute the display order of elements within their groups (on forms
// that name their elements by label), draw a group in the other layout
// (a row as a column, a column as a row), take the other scale, and word
// the instruction bar's closing clause another way. The question text,
// options, answer and labels are those of the group's first row, so the
// text of a group says nothing its first row does not.
//
//	looks, _ := variant.Draw(variant.Item{Seed: 1, Suite: "edge_case", Index: 7}, 3, &form, task, 1, allow)
//	shown, _ := variant.Show(&meta, task) // the form, states and bar text a picture draws
//	job, _ := formview.Job(&shown.Form, shown.Pictures[0], shown.Bar, "q1")
package variant
