package render

import (
	"context"
	"fmt"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/css"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// tab is one page of a browser, set up for rendering or for execution.
type tab struct {
	ctx    context.Context // chromedp context of the tab; never canceled by us
	target *chromedp.Target
	frame  cdp.FrameID

	// the device metrics set last, so that unchanged metrics are not sent
	width, height int64
	scale         float64

	live       bool // the page Live swaps jobs in is loaded
	pointerOff bool // the mouse was last moved off the page, so it hovers nothing
}

// setupTab turns off what chromedp enabled and a tab does not need, blocks
// every network request and finds the main frame.
func setupTab(ctx context.Context, t *tab) error {
	// chromedp mirrors the DOM of every document, which costs a
	// DOM.getDocument round trip per page load. Nothing here uses it.
	if _, err := cdp.Call(ctx, t.target, dom.Disable, cdp.Empty{}); err != nil {
		return fmt.Errorf("DOM.disable: %w", err)
	}
	if _, err := cdp.Call(ctx, t.target, css.Disable, cdp.Empty{}); err != nil {
		return fmt.Errorf("CSS.disable: %w", err)
	}
	if _, err := cdp.Call(ctx, t.target, log.Disable, cdp.Empty{}); err != nil {
		return fmt.Errorf("Log.disable: %w", err)
	}
	if _, err := cdp.Call(ctx, t.target, page.SetLifecycleEventsEnabled, page.SetLifecycleEventsEnabledParams{Enabled: false}); err != nil {
		return fmt.Errorf("Page.setLifecycleEventsEnabled: %w", err)
	}
	if err := t.blockNetwork(ctx); err != nil {
		return err
	}
	tree, err := cdp.Call(ctx, t.target, page.GetFrameTree, cdp.Empty{})
	if err != nil {
		return fmt.Errorf("Page.getFrameTree: %w", err)
	}
	t.frame = tree.FrameTree.Frame.ID
	return nil
}

// blockNetwork makes every request of the tab fail. The document comes
// from Page.setDocumentContent and its font from a data: URL, which never
// leaves the renderer, so no request is needed at all. Blocked URLs stop
// subresources inside the renderer (all but data: URLs, which the first
// pattern lets through); the Fetch domain also stops what they miss, such
// as the navigation of an iframe.
func (t *tab) blockNetwork(ctx context.Context) error {
	if _, err := cdp.Call(ctx, t.target, network.SetBlockedURLs, network.SetBlockedURLsParams{
		URLPatterns: []*network.BlockPattern{{URLPattern: "data:*", Block: false}, {URLPattern: "*://*:*", Block: true}},
	}); err != nil {
		return fmt.Errorf("Network.setBlockedURLs: %w", err)
	}
	paused := chromedp.Events(t.ctx, fetch.RequestPaused) // before Fetch.enable, so none is missed
	if _, err := cdp.Call(ctx, t.target, fetch.Enable, fetch.EnableParams{
		Patterns: []*fetch.RequestPattern{{URLPattern: "*"}},
	}); err != nil {
		return fmt.Errorf("Fetch.enable: %w", err)
	}
	go func() {
		// The loop ends with the tab's context, when the browser closes.
		for ev, err := range paused {
			if err != nil {
				return
			}
			cdp.Call(t.ctx, t.target, fetch.FailRequest, fetch.FailRequestParams{
				RequestID:   ev.RequestID,
				ErrorReason: network.ErrorReasonBlockedByClient,
			})
		}
	}()
	return nil
}

// setupExecTab sets up a tab for Execute.
func setupExecTab(ctx context.Context, t *tab) error {
	if err := setupTab(ctx, t); err != nil {
		return err
	}
	// Keyboard input goes to the focused element only while the page
	// counts as focused; several tabs cannot all have the real focus.
	_, err := cdp.Call(ctx, t.target, emulation.SetFocusEmulationEnabled, emulation.SetFocusEmulationEnabledParams{Enabled: true})
	if err != nil {
		return fmt.Errorf("Emulation.setFocusEmulationEnabled: %w", err)
	}
	return nil
}

// load sizes the viewport and replaces the document of the tab.
func (t *tab) load(ctx context.Context, p *pageLayout, html string, scale float64) error {
	if err := t.resize(ctx, p, scale); err != nil {
		return err
	}
	_, err := cdp.Call(ctx, t.target, page.SetDocumentContent, page.SetDocumentContentParams{FrameID: t.frame, HTML: html})
	if err != nil {
		return fmt.Errorf("Page.setDocumentContent: %w", err)
	}
	return nil
}

// screenshot captures the viewport as a PNG.
func (t *tab) screenshot(ctx context.Context) ([]byte, error) {
	res, err := cdp.Call(ctx, t.target, page.CaptureScreenshot, page.CaptureScreenshotParams{
		Format:           page.CaptureScreenshotFormatPng,
		OptimizeForSpeed: new(true),
	})
	if err != nil {
		return nil, fmt.Errorf("Page.captureScreenshot: %w", err)
	}
	return res.Data, nil
}
