package testforms

import (
	"testing"

	"github.com/formplan/formplan/forms"
)

// Scripts returns families whose labels and text values are in the scripts
// the pictures draw with faces beside Liberation Sans: CJK (Han, kana,
// Hangul) and Devanagari (conjuncts, vowel signs on both sides), labels
// in a column and in a row, text boxes a checkbox enables. Each family is
// validated; tb fails when one is invalid.
func Scripts(tb testing.TB) []forms.Family {
	tb.Helper()
	fams := []forms.Family{
		{Name: "cjk_form", Refer: forms.ByOrdinal, Groups: []forms.Group{
			{Kind: forms.Checkbox, MinCount: 2, MaxCount: 3, Labels: forms.LabelsList, LabelList: []string{"日本語", "한국어", "ひらがな", "中文", "カタカナ"}},
			{Kind: forms.Radio, MinCount: 2, MaxCount: 2, Labels: forms.LabelsList, LabelList: []string{"東京", "서울", "北京"}, Layout: forms.LayoutRow},
			{Kind: forms.TextBox, MinCount: 2, MaxCount: 2, TextPool: []string{"東京都", "서울시", "カタカナ", "北京市", "漢字", "ひらがな"}, TextVocab: 3, EnabledBy: &forms.Condition{Group: 0, Member: 1}},
		}},
		{Name: "devanagari_form", Refer: forms.ByOrdinal, Groups: []forms.Group{
			{Kind: forms.Checkbox, MinCount: 2, MaxCount: 3, Labels: forms.LabelsList, LabelList: []string{"नमस्ते", "हिन्दी", "कुछ", "क्षत्रिय", "पृथ्वी"}},
			{Kind: forms.Radio, MinCount: 2, MaxCount: 2, Labels: forms.LabelsList, LabelList: []string{"दिन", "रात", "श्री"}, Layout: forms.LayoutRow},
			{Kind: forms.TextBox, MinCount: 2, MaxCount: 2, TextPool: []string{"किताब", "पुस्तक", "क्षमा", "विद्या", "गृह", "स्त्री"}, TextVocab: 3, EnabledBy: &forms.Condition{Group: 0, Member: 1}},
		}},
	}
	for i := range fams {
		if err := fams[i].Validate(); err != nil {
			tb.Fatalf("testforms: %s: %v", fams[i].Name, err)
		}
	}
	return fams
}
