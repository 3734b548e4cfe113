package render

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Limits of one page. Chromium's compositor limits a surface to about
// 16384 device pixels on a side.
const (
	maxSide       = 16384
	maxPagePixels = 64 << 20
)

// The default size of a page, when Options.BatchSize is 0: at most 128 jobs
// and 16 Mi device pixels (about 124 MiniWoB forms at scale 2, 55 at scale
// 3). Measured with BenchmarkThroughput-style runs on 2 cores at scale 1,
// 64 forms a page gave 540 shots/s, 128 gave 565 and 256 gave 515; at scale
// 2, 16 forms a page gave 117-189 shots/s and 64 or more gave 240-264.
const (
	defaultBatchMax    = 128
	defaultBatchPixels = 1 << 24
)

// cell is the place of one job in a page, in CSS px.
type cell struct {
	job        int // index into the jobs of Render
	x, y, w, h int
}

// pageLayout is a grid of jobs laid out in one page.
type pageLayout struct {
	cells         []cell
	width, height int64 // CSS px of the viewport
}

// sizes returns the size of every cell of p, in CSS px: the pictures of
// roots that fill their cells.
func (p *pageLayout) sizes() []size {
	s := make([]size, len(p.cells))
	for i, c := range p.cells {
		s[i] = size{w: c.w, h: c.h}
	}
	return s
}

// planPages splits jobs into pages, in job order. A page holds at most
// maxJobs jobs and, when it has more than one, at most maxPixels device
// pixels.
func planPages(jobs []Job, scale float64, maxJobs int, maxPixels float64) ([]*pageLayout, error) {
	var pages []*pageLayout
	var idx []int
	area := 0.0
	flush := func() error {
		if len(idx) == 0 {
			return nil
		}
		ps, err := layoutPages(jobs, idx, scale)
		if err != nil {
			return err
		}
		pages = append(pages, ps...)
		idx, area = nil, 0
		return nil
	}
	for i, j := range jobs {
		a := float64(j.Width*j.Height) * scale * scale
		if len(idx) > 0 && (len(idx) >= maxJobs || area+a > maxPixels) {
			if err := flush(); err != nil {
				return nil, err
			}
		}
		idx = append(idx, i)
		area += a
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return pages, nil
}

// layoutPages lays the jobs idx out in rows, about as wide as the grid is
// tall. A grid too large for one screenshot is split in two.
func layoutPages(jobs []Job, idx []int, scale float64) ([]*pageLayout, error) {
	area, maxW := 0, 0
	for _, i := range idx {
		area += jobs[i].Width * jobs[i].Height
		maxW = max(maxW, jobs[i].Width)
	}
	rowWidth := max(maxW, int(math.Ceil(math.Sqrt(float64(area)))))
	p := &pageLayout{}
	x, y, rowH := 0, 0, 0
	for _, i := range idx {
		j := jobs[i]
		if x > 0 && x+j.Width > rowWidth {
			x, y, rowH = 0, y+rowH, 0
		}
		p.cells = append(p.cells, cell{job: i, x: x, y: y, w: j.Width, h: j.Height})
		x += j.Width
		rowH = max(rowH, j.Height)
		p.width = max(p.width, int64(x))
	}
	p.height = int64(y + rowH)
	w, h := float64(p.width)*scale, float64(p.height)*scale
	if w <= maxSide && h <= maxSide && w*h <= maxPagePixels {
		return []*pageLayout{p}, nil
	}
	if len(idx) == 1 {
		j := jobs[idx[0]]
		return nil, &JobError{Job: idx[0], Err: fmt.Errorf("%d x %d CSS px at scale %g is too large to capture (at most %d px a side)", j.Width, j.Height, scale, maxSide)}
	}
	a, err := layoutPages(jobs, idx[:len(idx)/2], scale)
	if err != nil {
		return nil, err
	}
	b, err := layoutPages(jobs, idx[len(idx)/2:], scale)
	if err != nil {
		return nil, err
	}
	return append(a, b...), nil
}

// pageStyle keeps the grid out of reach of the caller's style sheet.
const pageStyle = `<style>` +
	`render-grid,[data-render-cell]{display:block!important;margin:0!important;padding:0!important;border:0!important;box-sizing:content-box!important;transform:none!important}` +
	`render-grid{position:fixed!important;left:0!important;top:0!important}` +
	`[data-render-cell]{position:absolute!important;overflow:hidden!important;contain:strict!important;will-change:transform!important}` +
	`</style>`

// html returns the document of the page: the caller's head, then each job
// in a cell of its own, a custom element that the caller's selectors do not
// match.
//
// With isolate, a cell is a form instead, unless the job has a form of its
// own. Radio buttons form one group per form owner, so this keeps radio
// buttons of the same name in different jobs from unchecking each other.
func (p *pageLayout) html(jobs []Job, head string, isolate bool) string {
	var b strings.Builder
	n := len(head) + 256
	for _, c := range p.cells {
		n += len(jobs[c.job].HTML) + 96
	}
	b.Grow(n)
	b.WriteString(`<!DOCTYPE html><html><head><meta charset="utf-8">`)
	b.WriteString(pageStyle)
	b.WriteString(head)
	b.WriteString(`</head><body><render-grid style="width:`)
	b.WriteString(strconv.FormatInt(p.width, 10))
	b.WriteString(`px;height:`)
	b.WriteString(strconv.FormatInt(p.height, 10))
	b.WriteString(`px">`)
	for _, c := range p.cells {
		tag := "render-cell"
		if isolate && !hasForm(jobs[c.job].HTML) {
			tag = "form"
		}
		fmt.Fprintf(&b, `<%s data-render-cell style="left:%dpx;top:%dpx;width:%dpx;height:%dpx">`, tag, c.x, c.y, c.w, c.h)
		b.WriteString(jobs[c.job].HTML)
		b.WriteString(`</` + tag + `>`)
	}
	b.WriteString(`</render-grid></body></html>`)
	return b.String()
}

// hasForm reports whether html may hold a form element.
func hasForm(html string) bool {
	for i := strings.IndexByte(html, '<'); i >= 0; {
		if len(html)-i > 5 && strings.EqualFold(html[i+1:i+5], "form") {
			return true
		}
		j := strings.IndexByte(html[i+1:], '<')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}
