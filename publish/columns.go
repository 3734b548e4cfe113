package publish

// column is a column named in the card and described in Croissant.
type column struct {
	name, about string
}

// mainColumns are the columns the card lists.
var mainColumns = []column{
	{"id", "Deterministic question id (a UUID of seed, suite and index)."},
	{"suite", "Suite name, equal to the config."},
	{"family", "Form family."},
	{"horizon", "How many actions matter; its meaning depends on the suite."},
	{"task", "The task instruction (null for future_state)."},
	{"question", "The question without prompt framing; for multiple choice it lists the lettered options."},
	{"choices", "Option texts in display order."},
	{"A", "The options again, one per column (null past the last option)."},
	{"answer", "The correct letter, or Yes/No for future_state."},
	{"answer_idx", "Zero-based index of the answer in choices."},
	{"image", "The screenshot (Picture 1 for temporal_order)."},
	{"image_2", "Picture 2 of temporal_order; null elsewhere."},
	{"prompt_instruct", "Full prompt asking for the answer only."},
	{"prompt_cot", "Full prompt asking for reasoning, then a last line \"Answer: ...\" (\"OUTPUT: ...\" under --protocol paper)."},
	{"caption", "The pictured state in words, one sentence per element. A prompt that includes it is text-solvable by design (an ablation)."},
	{"option_labels", "Per option: correct, or what is wrong with it."},
	{"plans_pddl", "The plans of metadata as PDDL plans of the family's domain (pddl/<family>.domain.pddl), one ground action per step, Submit included."},
	{"problem_pddl", "The row's PDDL problem for that domain: the pictured start, the task as the goal (with Submit hit), and the static facts the domain reads."},
	{"image_needed", "Whether the text alone cannot give the answer: true when some other start state the family can produce changes it, as for every row of formplan's own protocol; false for plan_shuffle rows of --protocol paper, where the paper's fixed reorderings give the original order away."},
	{"group_id", "Id of the first row of the row's group: the four rows of a temporal_order item under --protocol paper share it (both orders, both formats); any other row holds its own id."},
	{"metadata", "JSON of the form, start state, goal, plans and their outcomes."},
	{"boxes", "JSON of the element boxes and click points of the screenshot."},
}
