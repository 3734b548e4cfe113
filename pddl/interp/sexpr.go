package interp

import (
	"fmt"
	"strings"
)

// node is one s-expression: an atom, or a list of nodes.
type node struct {
	atom string  // the lower-cased atom, when list is nil and isList false
	list []*node // the elements of a list
	// isList tells a list, even an empty one, from an atom.
	isList bool
	line   int // the line the node starts on, from 1
}

// String renders the node back, for error messages.
func (n *node) String() string {
	if !n.isList {
		return n.atom
	}
	parts := make([]string, len(n.list))
	for i, c := range n.list {
		parts[i] = c.String()
	}
	s := "(" + strings.Join(parts, " ") + ")"
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// head returns the atom a list starts with, or "".
func (n *node) head() string {
	if !n.isList || len(n.list) == 0 || n.list[0].isList {
		return ""
	}
	return n.list[0].atom
}

// parseSexprs reads every top-level s-expression of src. PDDL is case
// insensitive: atoms are lower-cased. A semicolon starts a comment that
// runs to the end of the line.
func parseSexprs(src string) ([]*node, error) {
	var stack []*node
	var top []*node
	var slab []node // nodes are allocated in blocks
	alloc := func() *node {
		if len(slab) == 0 {
			slab = make([]node, 256)
		}
		n := &slab[0]
		slab = slab[1:]
		return n
	}
	line := 1
	add := func(n *node) {
		if len(stack) == 0 {
			top = append(top, n)
			return
		}
		p := stack[len(stack)-1]
		p.list = append(p.list, n)
	}
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == ';':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '(':
			n := alloc()
			n.isList, n.line = true, line
			add(n)
			stack = append(stack, n)
			i++
		case c == ')':
			if len(stack) == 0 {
				return nil, fmt.Errorf("line %d: unbalanced )", line)
			}
			stack = stack[:len(stack)-1]
			i++
		default:
			j := i
			for j < len(src) && !delimiter[src[j]] {
				j++
			}
			n := alloc()
			n.atom, n.line = strings.ToLower(src[i:j]), line
			add(n)
			i = j
		}
	}
	if len(stack) > 0 {
		return nil, fmt.Errorf("line %d: the list opened here is never closed", stack[len(stack)-1].line)
	}
	return top, nil
}

// delimiter marks the bytes that end an atom.
var delimiter = func() (d [256]bool) {
	for _, c := range " \t\r\n\f\v();" {
		d[c] = true
	}
	return d
}()

// parseOne reads src, which must hold exactly one s-expression, a list.
func parseOne(src, what string) (*node, error) {
	top, err := parseSexprs(src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if len(top) != 1 || !top[0].isList {
		return nil, fmt.Errorf("%s: want one (define ...) form, found %d top-level expressions", what, len(top))
	}
	return top[0], nil
}

// typedList is a PDDL typed list such as (?a ?b - t ?c - u ?d): each name
// with its type, "object" where none is given.
type typedName struct {
	name, typ string
}

// parseTypedList reads the elements of a typed list.
func parseTypedList(items []*node) ([]typedName, error) {
	var out []typedName
	pending := 0 // names at the end of out still without a type
	for i := 0; i < len(items); i++ {
		it := items[i]
		if it.isList {
			return nil, fmt.Errorf("line %d: unexpected list %s in a typed list (either types are not supported)", it.line, it)
		}
		if it.atom != "-" {
			out = append(out, typedName{name: it.atom, typ: "object"})
			pending++
			continue
		}
		if i+1 < len(items) && items[i+1].isList {
			return nil, fmt.Errorf("line %d: %s: either types are not supported", it.line, items[i+1])
		}
		if i+1 >= len(items) || items[i+1].atom == "-" {
			return nil, fmt.Errorf("line %d: a - in a typed list must be followed by a type name", it.line)
		}
		if pending == 0 {
			return nil, fmt.Errorf("line %d: type %s names no item", it.line, items[i+1].atom)
		}
		for k := len(out) - pending; k < len(out); k++ {
			out[k].typ = items[i+1].atom
		}
		pending = 0
		i++
	}
	return out, nil
}

// validName reports whether s is a PDDL name: a letter, then letters,
// digits, hyphens and underscores.
func validName(s string) bool {
	if s == "" || !(s[0] >= 'a' && s[0] <= 'z') {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// validVar reports whether s is a variable: ? then a name.
func validVar(s string) bool { return len(s) > 1 && s[0] == '?' && validName(s[1:]) }
