package render

import (
	"bytes"
	"context"
	"strconv"
	"testing"
)

// TestLiveKeepsTabsBySize draws pictures of two sizes in turn and requires
// each to go to a tab already of its size (a resize costs the next
// screenshot more than the page), and a picture drawn again in a tab that
// drew the other size first to be the very same PNG.
func TestLiveKeepsTabsBySize(t *testing.T) {
	if testing.Short() {
		t.Skip("renders in Chromium")
	}
	ctx := context.Background()
	r := newRenderer(t, Options{Tabs: 2})
	page := func(h int) Job {
		return Job{HTML: `<div style="width:160px;height:` + strconv.Itoa(h) + `px;background:#fff"><label><input type="checkbox" data-el="e0" data-kind="checkbox">Alpha</label></div>`, Width: 160, Height: h}
	}
	a, b := page(210), page(250)
	first, err := r.Live(ctx, a, Pose{})
	if err != nil {
		t.Fatal(err)
	}
	for _, job := range []Job{b, a, b, a} {
		if _, err := r.Live(ctx, job, Pose{}); err != nil {
			t.Fatal(err)
		}
	}
	in, err := r.instance(ctx)
	if err != nil {
		t.Fatal(err)
	}
	pool := in.live
	pool.mu.Lock()
	opened, sizes := pool.opened, map[int64]int{}
	for _, tb := range pool.free {
		sizes[tb.height]++
	}
	pool.mu.Unlock()
	if opened != 2 || sizes[210] != 1 || sizes[250] != 1 {
		t.Errorf("%d tabs opened, free tabs by height %v: want one tab of each size", opened, sizes)
	}
	// With both tabs of other sizes and no room for a third, a picture
	// resizes one, and a picture of the first size after it is still the
	// very same PNG.
	if _, err := r.Live(ctx, page(300), Pose{}); err != nil {
		t.Fatal(err)
	}
	pool.mu.Lock()
	opened = pool.opened
	pool.mu.Unlock()
	if opened != 2 {
		t.Errorf("%d tabs opened in a pool of 2", opened)
	}
	again, err := r.Live(ctx, a, Pose{})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first.PNG, again.PNG) {
		t.Error("the same job drawn again gives another PNG")
	}
}
