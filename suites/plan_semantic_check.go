package suites

import "github.com/formplan/formplan/rowcheck"

// checkPlanSemantic checks a plan_semantic row: its options are plans of
// which exactly the answer completes the task, each as long as the horizon
// before Submit; its candidate starts and image_needed; no history.
func checkPlanSemantic(r *rowcheck.Row) {
	r.CheckPlanOptions(rowcheck.StepsBeforeSubmit)
	r.CheckCandidates()
	r.CheckNoHistory()
}
