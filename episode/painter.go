package episode

import (
	"context"
	"strconv"
	"sync"
	"sync/atomic"

	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/formplan/formplan/forms"
	"github.com/formplan/formplan/formview"
	"github.com/formplan/formplan/render"
	"github.com/formplan/formplan/statesim"
)

// Screens paints with Chromium: formview's page of the state, checked
// against the simulator by reading it back, with the pointer and the focus
// where the episode's inputs left them, as a page that got those inputs
// shows them (render.Renderer.Live). Many episodes paint at once, up to the
// renderer's tabs.
//
// A picture is a function of the page's markup, its cell and the pose, so
// Screens keeps the pictures it painted last and gives one again, without
// Chromium, when the same page and pose come back (an agent that undoes a
// step, resets of the same seed). Once calibrated (Calibrate), it keys
// them without what the browser draws nothing for, and it composes a
// picture from parts of pictures it painted when only boxes' and radio
// buttons' marks changed (composer).
type Screens struct {
	r       *render.Renderer
	heights formview.Heights
	scale   float64
	cache   *lru.Cache[string, Picture]
	comp    *composer

	mu    sync.Mutex
	quiet Quiet // what the browser draws nothing for (Calibrate); zero: all of the pose counts

	hits, misses atomic.Int64
	composeErr   atomic.Pointer[error] // why composing was turned off
}

// cacheBytes is about how much memory the pictures Screens keeps take:
// a MiniWoB picture's PNG is 4 to 10 KB at scale 1, four times that at
// scale 2.
const cacheBytes = 32 << 20

// NewScreens returns a Painter drawing with r at scale, each family's
// pictures in the cell heights gives it (formview.Fit).
func NewScreens(r *render.Renderer, heights formview.Heights, scale float64) *Screens {
	entries := max(int(cacheBytes/(12<<10)/(scale*scale)), 64)
	cache, err := lru.New[string, Picture](entries)
	if err != nil {
		panic("episode: picture cache: " + err.Error()) // entries is positive: cannot fail
	}
	return &Screens{r: r, heights: heights, scale: scale, cache: cache, comp: newComposer(scale)}
}

// Paint draws f in state s under task, with pose.
func (p *Screens) Paint(ctx context.Context, f *forms.Form, s statesim.State, task string, pose render.Pose) (Picture, error) {
	pic, learn, err := p.paintThen(ctx, f, s, task, pose)
	if learn != nil {
		learn()
	}
	return pic, err
}

// paintThen is Paint, but leaves to the caller what can wait until the
// picture is delivered: learn, when not nil, gives a picture Chromium
// painted to the composer, which checks it and keeps its tiles (about a
// millisecond at scale 2). An episode runs it once its observation is
// sent (Episode.Settle), so that a new picture's latency does not carry it.
func (p *Screens) paintThen(ctx context.Context, f *forms.Form, s statesim.State, task string, pose render.Pose) (pic Picture, learn func(), err error) {
	job, err := p.job(f, s, task)
	if err != nil {
		return Picture{}, nil, err
	}
	p.mu.Lock()
	quiet := p.quiet
	p.mu.Unlock()
	// The picture of pose is that of its key's pose: the browser draws
	// nothing for what the key leaves out.
	pose = keyPose(pose, quiet, focusedKind(f, pose.Focus))
	key := poseKey(job, pose)
	if pic, ok := p.cache.Get(key); ok {
		p.hits.Add(1)
		return pic, nil, nil
	}
	lkey := layoutKey(key)
	if pic, ok := p.comp.compose(lkey, f, s); ok {
		p.cache.Add(key, pic)
		return pic, nil, nil
	}
	p.misses.Add(1)
	res, err := p.live(ctx, f, s, job, pose)
	if err != nil {
		return Picture{}, nil, err
	}
	pic = Picture{PNG: res.PNG, Boxes: formview.Boxes(f, res.Elements), Width: res.Width, Height: res.Height, Scale: p.scale}
	for _, d := range res.Elements {
		if d.Label.W > 0 && d.Label.H > 0 {
			pic.Labels = append(pic.Labels, formview.Box{ID: d.ID, Kind: d.Kind, Pixels: [4]float64{d.Label.X, d.Label.Y, d.Label.W, d.Label.H}})
		}
	}
	p.cache.Add(key, pic)
	ring := ""
	if pose.FocusVisible {
		ring = pose.Focus
	}
	s = s.Clone() // the episode may move on before learn runs
	learn = func() {
		if err := p.comp.learn(lkey, f, s, ring, pic); err != nil {
			p.composeErr.CompareAndSwap(nil, &err)
		}
	}
	return pic, learn, nil
}

// job is the page of f in state s under task, in the cell of f's family.
func (p *Screens) job(f *forms.Form, s statesim.State, task string) (render.Job, error) {
	job, err := formview.Job(f, s, task, "p")
	job.Height = p.heights.Of(f.Family)
	return job, err
}

// Composed returns how many pictures Paint put together from parts of
// pictures Chromium painted instead of painting them (Painted counts them
// in neither of its numbers), and why composing was turned off, if it
// was.
func (p *Screens) Composed() (int64, error) {
	var err error
	if e := p.composeErr.Load(); e != nil {
		err = *e
	}
	return p.comp.made.Load(), err
}

// Painted returns how many pictures Paint gave from its cache and how many
// it had Chromium paint.
func (p *Screens) Painted() (cached, drawn int64) { return p.hits.Load(), p.misses.Load() }

// focusedKind is the kind of f's element id, 0 for none.
func focusedKind(f *forms.Form, id string) forms.Kind {
	if i := f.Index(id); i >= 0 {
		return f.Elements[i].Kind
	}
	return 0
}

// poseKey is the cache key of job shown in pose.
func poseKey(job render.Job, pose render.Pose) string {
	b := make([]byte, 0, len(job.HTML)+64)
	b = strconv.AppendInt(b, int64(job.Width), 10)
	b = append(b, 'x')
	b = strconv.AppendInt(b, int64(job.Height), 10)
	b = append(b, ' ')
	b = strconv.AppendBool(b, pose.Pointer)
	b = append(b, ' ')
	b = strconv.AppendFloat(b, pose.X, 'g', -1, 64)
	b = append(b, ',')
	b = strconv.AppendFloat(b, pose.Y, 'g', -1, 64)
	b = append(b, ' ')
	b = strconv.AppendQuote(b, pose.Focus)
	b = append(b, ' ')
	b = strconv.AppendBool(b, pose.FocusVisible)
	b = append(b, '\n')
	b = append(b, job.HTML...)
	return string(b)
}
