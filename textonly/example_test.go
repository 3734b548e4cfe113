package textonly_test

import (
	"fmt"

	"github.com/formplan/formplan/textonly"
)

// Each reader scores every option from the words alone; it picks the
// highest, uniformly among ties.
func Example() {
	v := textonly.View{Question: "Which came first?\nA.\nPicture 1\nB.\nPicture 2", Choices: []string{"Picture 1", "Picture 2"}}
	for _, r := range textonly.Pictures {
		fmt.Println(r.Name, r.Score(&v))
	}
	// Output:
	// always Picture 1 [1 0]
	// always Picture 2 [0 1]
	// Picture 1 when the options are listed [1 0]
}
