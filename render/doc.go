// Package render takes screenshots of small HTML forms in headless Chromium,
// and reads back what the DOM says about their elements.
//
//	r, err := render.New(ctx, render.Options{Head: style, Scale: 2})
//	if err != nil {
//		return err
//	}
//	defer r.Close()
//	results, err := r.Render(ctx, []render.Job{{HTML: form, Width: 160, Height: 210}})
//	// results[0].PNG is 320 x 420 pixels; results[0].Elements lists the
//	// elements marked data-el, with their state and box.
//
// # Jobs and pages
//
// A job is an HTML fragment whose single root element is Width x Height CSS
// px. Render lays many jobs out in one page, takes one screenshot of the
// page and crops it, in several tabs at once; this is several times faster
// than one page and one screenshot per job (see BenchmarkThroughput). Each
// job sits in a cell of its own, which is its own compositing layer, so a
// job gives the same pixels wherever it sits in a page. Each cell is also
// its own form (unless the job has a form of its own), so radio buttons of
// the same name in different jobs do not uncheck each other.
//
// Options.Head goes into the head of every page. Its scripts run once per
// page, not once per job, and ids repeat across the jobs of a page, so a
// script should find elements relative to the event target rather than by
// id.
//
// A job whose root element is not Width x Height at the top-left of its
// cell, or that leaves a tag open, is refused with a JobError.
//
// # Read-back
//
// After loading a page, one evaluation reads every element marked data-el:
// its kind (data-kind), checked state, value, the text of the element marked
// data-value-for with the same id (a slider's printed value), and its box in
// output pixels relative to the root element.
//
// # Execution
//
// Execute loads one job in a page of its own, sends real mouse and keyboard
// events (Input.dispatchMouseEvent and Input.dispatchKeyEvent), so that the
// browser applies its own semantics (a radio button stays checked when
// clicked again, a slider stops at its ends), and reads the elements back.
//
// # Robustness
//
// Pages get no network: every request is blocked, the document is set with
// Page.setDocumentContent, and the browser resolves no host name, uses no
// proxy and sends no WebRTC traffic, so nothing leaves the machine, not even
// a DNS query. Each page has a timeout. When the browser crashes or hangs,
// it is killed and restarted, and the unfinished pages are done again, up
// to three times each; the results of a call come back exactly once, in job
// order.
//
// # Chromium
//
// FindChrome finds the browser. It runs headless, in Chromium's sandbox
// unless the program runs as root (New fails with ErrSandbox, which says how
// to fix it, when the sandbox cannot start), with a fresh profile directory
// formplan-chrome-PID-RANDOM in os.TempDir(), which is removed when the
// browser is replaced or the Renderer closes. SweepProfiles removes the
// directories of processes that died before they could. Version reports
// the browser version for dataset metadata.
package render
