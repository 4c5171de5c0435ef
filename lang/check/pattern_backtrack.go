package check

import (
	"regexp/syntax"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// RE2 matches in time linear in the input; ECMAScript engines backtrack,
// and ajv (in JS servers and in clients) validates patterns with them. A
// pattern that can match one string in exponentially many ways makes such
// a validator spin on a near-miss: ^(a+)+$ takes seconds on 30 characters.
//
// backtracking finds the two shapes behind nearly all such patterns, inside
// a part repeated many times (*, +, {n,} or {n,m} with m ≥ 10):
//
//   - a variable-length repetition X+ (X*, X?, X{n,m}) that can run across
//     the boundary between two iterations: X overlaps both what an
//     iteration can start with and what it can end with, so a run of X
//     splits into iterations in many ways. (a+)+, (\w+ ?)+, (.*a){25},
//     (a*b*)*.
//   - an alternation two of whose branches can match the same text.
//     (a|a)*, (\d|[0-9a-f])+, (ab|a[a-z])*.
//
// The first works on character sets (the first and last characters of
// each part), so it is an approximation: (a+b)+, ([a-z]+\.)+, (-[a-z0-9]+)* and counted
// groups like (\d{1,3}\.){3} are rightly left alone. A third rule,
// splitsTwoWays, reads the repetition as an automaton and finds the
// shapes whose alternatives differ in length ((aa|a)*, (_|__)+). It warns;
// check --strict and test-report --strict make it an error.

// manyTimes is the fewest iterations of a bounded repetition that count as
// "many": below it the blow-up is bounded by a small power.
const manyTimes = 10

// rnode is a pattern parsed for the backtracking analysis.
type rnode struct {
	op         rop
	set        runeSet  // rSet
	subs       []*rnode // rCat, rAlt: the parts; rRep: the one repeated
	min, max   int      // rRep; max -1 is unbounded
	start, end int      // the node's text in the pattern
	known      *facts   // facts, once computed
}

type rop int

const (
	rSet   rop = iota // one character from set
	rEmpty            // an assertion or nothing: matches the empty string
	rCat
	rAlt
	rRep
)

// backtracking returns "" or, for a pattern that can take exponential
// time in a backtracking engine, the repeated part at fault and why. p must
// be portable (patternProblem(p) == "").
func backtracking(p string) (part, why string) {
	ps := &rparser{p: p}
	n := ps.alt()
	if ps.bad || ps.i != len(p) {
		return "", ""
	}
	return n.danger(p)
}

type rparser struct {
	p   string
	i   int
	bad bool // something the portable subset does not hold: give up
}

func (ps *rparser) alt() *rnode {
	start := ps.i
	subs := []*rnode{ps.cat()}
	for ps.i < len(ps.p) && ps.p[ps.i] == '|' {
		ps.i++
		subs = append(subs, ps.cat())
	}
	if len(subs) == 1 {
		return subs[0]
	}
	return &rnode{op: rAlt, subs: subs, start: start, end: ps.i}
}

func (ps *rparser) cat() *rnode {
	start := ps.i
	var subs []*rnode
	for ps.i < len(ps.p) && ps.p[ps.i] != '|' && ps.p[ps.i] != ')' && !ps.bad {
		at := ps.i
		subs = append(subs, ps.repeat(at, ps.atom()))
	}
	if len(subs) == 1 {
		return subs[0]
	}
	return &rnode{op: rCat, subs: subs, start: start, end: ps.i}
}

func (ps *rparser) atom() *rnode {
	p, i := ps.p, ps.i
	switch p[i] {
	case '(':
		end, _, msg := scanGroupOpen(p, i)
		if msg != "" {
			ps.bad = true
			return &rnode{op: rEmpty}
		}
		ps.i = end
		n := ps.alt()
		if ps.i >= len(p) || p[ps.i] != ')' {
			ps.bad = true
			return n
		}
		ps.i++
		return n
	case '[':
		end, msg := scanClass(p, i)
		if msg != "" {
			ps.bad = true
			return &rnode{op: rEmpty}
		}
		ps.i = end
		return ps.set(i, end)
	case '\\':
		e := scanEscape(p, i, false)
		if e.problem != "" {
			ps.bad = true
			return &rnode{op: rEmpty}
		}
		ps.i = e.end
		if e.assertion {
			return &rnode{op: rEmpty, start: i, end: e.end}
		}
		return ps.set(i, e.end)
	case '^', '$':
		ps.i++
		return &rnode{op: rEmpty, start: i, end: ps.i}
	case '*', '+', '?', '{', ')', '|':
		ps.bad = true
		return &rnode{op: rEmpty}
	}
	_, size := utf8.DecodeRuneInString(p[i:])
	ps.i += size
	return ps.set(i, ps.i)
}

// set is the atom p[start:end] (a character, class, escape or .) as the
// set of characters it matches, read by RE2: the pattern is portable, so
// ECMAScript reads it alike.
func (ps *rparser) set(start, end int) *rnode {
	re, err := syntax.Parse(ps.p[start:end], syntax.Perl)
	if err != nil {
		ps.bad = true
		return &rnode{op: rEmpty}
	}
	var s runeSet
	switch re.Op {
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			s = append(s, r, r)
		}
	case syntax.OpCharClass:
		s = runeSet(re.Rune)
	case syntax.OpAnyCharNotNL:
		s = runeSet{0, '\n' - 1, '\n' + 1, unicode.MaxRune}
	case syntax.OpAnyChar:
		s = runeSet{0, unicode.MaxRune}
	default:
		ps.bad = true
	}
	return &rnode{op: rSet, set: s, start: start, end: end}
}

// repeat reads the quantifiers after n, the atom that starts at start
// (its opening parenthesis, for a group), if any.
func (ps *rparser) repeat(start int, n *rnode) *rnode {
	for ps.i < len(ps.p) && !ps.bad {
		p, i := ps.p, ps.i
		min, max, end := 0, 0, i+1
		switch p[i] {
		case '*':
			min, max = 0, -1
		case '+':
			min, max = 1, -1
		case '?':
			min, max = 0, 1
		case '{':
			e, msg := scanBraces(p, i)
			if msg != "" {
				ps.bad = true
				return n
			}
			end = e
			min, max = braceCounts(p[i+1 : e-1])
		default:
			return n
		}
		if end < len(p) && p[end] == '?' {
			end++ // lazy: the same matches in another order
		}
		ps.i = end
		n = &rnode{op: rRep, subs: []*rnode{n}, min: min, max: max, start: start, end: end}
	}
	return n
}

// braceCounts reads "n", "n," or "n,m".
func braceCounts(s string) (min, max int) {
	lo, hi, comma := s, s, false
	for k := 0; k < len(s); k++ {
		if s[k] == ',' {
			lo, hi, comma = s[:k], s[k+1:], true
		}
	}
	min, _ = strconv.Atoi(lo)
	switch {
	case !comma:
		max = min
	case hi == "":
		max = -1
	default:
		max, _ = strconv.Atoi(hi)
	}
	return min, max
}

// facts are what the analysis knows of a node: whether it can match the
// empty string, the characters a non-empty match can start and end with,
// and the lengths of its matches (maxLen -1: unbounded).
type facts struct {
	nullable       bool
	first, last    runeSet
	minLen, maxLen int
}

// facts returns what the analysis knows of n, computed once.
func (n *rnode) facts() facts {
	if n.known == nil {
		f := n.computeFacts()
		n.known = &f
	}
	return *n.known
}

func (n *rnode) computeFacts() facts {
	switch n.op {
	case rSet:
		return facts{first: n.set, last: n.set, minLen: 1, maxLen: 1}
	case rEmpty:
		return facts{nullable: true}
	case rCat:
		f := facts{nullable: true}
		for _, s := range n.subs {
			sf := s.facts()
			if f.nullable {
				f.first = f.first.union(sf.first)
			}
			if sf.nullable {
				f.last = f.last.union(sf.last)
			} else {
				f.last = sf.last
			}
			f.nullable = f.nullable && sf.nullable
			f.minLen += sf.minLen
			f.maxLen = addLen(f.maxLen, sf.maxLen)
		}
		return f
	case rAlt:
		var f facts
		for k, s := range n.subs {
			sf := s.facts()
			f.nullable = f.nullable || sf.nullable
			f.first = f.first.union(sf.first)
			f.last = f.last.union(sf.last)
			if k == 0 || sf.minLen < f.minLen {
				f.minLen = sf.minLen
			}
			if k == 0 || sf.maxLen < 0 || f.maxLen >= 0 && sf.maxLen > f.maxLen {
				f.maxLen = sf.maxLen
			}
		}
		return f
	}
	sf := n.subs[0].facts() // rRep
	f := facts{nullable: n.min == 0 || sf.nullable, first: sf.first, last: sf.last, minLen: sf.minLen * n.min}
	switch {
	case n.max < 0 || sf.maxLen < 0:
		f.maxLen = -1
	default:
		f.maxLen = sf.maxLen * n.max
	}
	if f.maxLen == 0 {
		f.first, f.last = nil, nil
	}
	return f
}

func addLen(a, b int) int {
	if a < 0 || b < 0 {
		return -1
	}
	return a + b
}

// danger returns the repetition that can backtrack exponentially and why,
// or "".
func (n *rnode) danger(p string) (part, why string) {
	if n.op == rRep && (n.max < 0 || n.max >= manyTimes) {
		body := n.subs[0]
		if x := body.crossing(body.facts()); x != nil {
			return p[n.start:n.end], p[x.start:x.end] + " inside it can end one repetition or carry on into the next, so a run splits into repetitions in exponentially many ways; make the split unambiguous (a+ instead of (a+)+, [a-z]+( [a-z]+)* instead of ([a-z]+ ?)+)"
		}
		if a, b := body.ambiguous(); a != nil {
			return p[n.start:n.end], "its alternatives " + p[a.start:a.end] + " and " + p[b.start:b.end] + " can match the same text, so each repetition can be matched two ways; make them disjoint"
		}
		if n.splitsTwoWays() {
			return p[n.start:n.end], "one text can be split into its repetitions in two different ways (as aa is a then a, or aa, in (a|aa)+), so a run splits in exponentially many ways; make each repetition's text unambiguous (a+ instead of (a|aa)+)"
		}
	}
	for _, s := range n.subs {
		if part, why := s.danger(p); why != "" {
			return part, why
		}
	}
	return "", ""
}

// crossing finds, in the body of a repetition, a variable-length
// repetition whose characters overlap both the first and the last
// characters of the body (bf): its runs can cross iteration boundaries.
func (n *rnode) crossing(bf facts) *rnode {
	if n.op == rRep && n.max != n.min {
		xf := n.subs[0].facts()
		x := xf.first.union(xf.last)
		if x.overlaps(bf.first) && x.overlaps(bf.last) {
			return n
		}
	}
	for _, s := range n.subs {
		if x := s.crossing(bf); x != nil {
			return x
		}
	}
	return nil
}

// ambiguous finds, in the body of a repetition, two branches of an
// alternation that can match the same text.
func (n *rnode) ambiguous() (a, b *rnode) {
	switch n.op {
	case rRep:
		return nil, nil // a repetition inside is the crossing rule's case
	case rAlt:
		for i := range n.subs {
			for j := i + 1; j < len(n.subs); j++ {
				if sameText(n.subs[i], n.subs[j]) {
					return n.subs[i], n.subs[j]
				}
			}
		}
	}
	for _, s := range n.subs {
		if a, b := s.ambiguous(); a != nil {
			return a, b
		}
	}
	return nil, nil
}

// sameText reports whether branches a and b can match a common non-empty
// string. Lengths must overlap, and the branches' position automata
// (Glushkov) must accept a common string; a counted repetition counts as
// unbounded there, so the answer errs on "yes" only for counts.
func sameText(a, b *rnode) bool {
	af, bf := a.facts(), b.facts()
	if !((bf.maxLen < 0 || af.minLen <= bf.maxLen) && (af.maxLen < 0 || bf.minLen <= af.maxLen)) {
		return false
	}
	ga, gb := &positions{}, &positions{}
	pa, pb := ga.build(a), gb.build(b)
	if len(ga.sets)*len(gb.sets) > maxPairs {
		return false // too big to tell: say nothing rather than guess
	}
	lastA, lastB := member(pa.last), member(pb.last)
	type pair struct{ a, b int }
	seen := map[pair]bool{}
	var queue []pair
	step := func(as, bs []int) {
		for _, i := range as {
			for _, j := range bs {
				if p := (pair{i, j}); !seen[p] && ga.sets[i].overlaps(gb.sets[j]) {
					seen[p] = true
					queue = append(queue, p)
				}
			}
		}
	}
	step(pa.first, pb.first)
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if lastA[p.a] && lastB[p.b] {
			return true
		}
		step(ga.follow[p.a], gb.follow[p.b])
	}
	return false
}

// splitsTwoWays reports whether the repetition n, read as an automaton
// (small counted repetitions inside unrolled, larger ones looping), has
// exponential degree of ambiguity: two different paths that leave one
// state and come back to it on the same text. A backtracking engine then
// tries 2^k paths on k such texts in a row. This is the criterion of the
// automaton-based ReDoS detectors (Weber and Seidl): in the automaton
// paired with itself, some strongly connected component holds a pair of
// equal states and a pair of different ones. It finds what the two rules
// above, which look at character sets, miss: (a|aa)+, (_|__)+, (a|b|ab)*.
func (n *rnode) splitsTwoWays() bool {
	g := &positions{}
	start := g.buildExact(n)
	if len(g.sets) > maxPositions {
		return false // too big to tell: say nothing rather than guess
	}
	type pair struct{ a, b int }
	index := map[pair]int{}
	var pairs []pair
	var edges [][]int
	add := func(p pair) int {
		if k, ok := index[p]; ok {
			return k
		}
		index[p] = len(pairs)
		pairs = append(pairs, p)
		edges = append(edges, nil)
		return len(pairs) - 1
	}
	for _, i := range start.first {
		for _, j := range start.first {
			if g.sets[i].overlaps(g.sets[j]) {
				add(pair{i, j})
			}
		}
	}
	for k := 0; k < len(pairs); k++ {
		if len(pairs) > maxProduct {
			return false
		}
		p := pairs[k]
		for _, i := range g.follow[p.a] {
			for _, j := range g.follow[p.b] {
				if g.sets[i].overlaps(g.sets[j]) {
					edges[k] = append(edges[k], add(pair{i, j}))
				}
			}
		}
	}
	comp := components(edges)
	equal, unequal := map[int]bool{}, map[int]bool{}
	for k, p := range pairs {
		if p.a == p.b {
			equal[comp[k]] = true
		} else {
			unequal[comp[k]] = true
		}
	}
	for c := range equal {
		if unequal[c] {
			return true
		}
	}
	return false
}

// maxPositions and maxProduct bound the automata splitsTwoWays builds.
const (
	maxPositions = 256
	maxProduct   = 1 << 16
)

// buildExact is build with counted repetitions read exactly when they are
// few (below manyTimes: X{2,3} is X X X?), and as loops otherwise.
func (g *positions) buildExact(n *rnode) gfacts {
	switch n.op {
	case rCat, rAlt:
		if len(g.sets) > maxPositions {
			return gfacts{nullable: true}
		}
		cat := n.op == rCat
		f := gfacts{nullable: cat}
		for _, s := range n.subs {
			sf := g.buildExact(s)
			if !cat {
				f.nullable = f.nullable || sf.nullable
				f.first = append(f.first, sf.first...)
				f.last = append(f.last, sf.last...)
				continue
			}
			f = g.join(f, sf)
		}
		return f
	case rRep:
		if n.max < 0 || n.max >= manyTimes {
			f := g.buildExact(n.subs[0])
			for _, k := range f.last {
				g.follow[k] = append(g.follow[k], f.first...)
			}
			f.nullable = f.nullable || n.min == 0
			return f
		}
		f := gfacts{nullable: true}
		for k := 0; k < n.max && len(g.sets) <= maxPositions; k++ {
			sf := g.buildExact(n.subs[0])
			if k >= n.min {
				sf.nullable = true
			}
			f = g.join(f, sf)
		}
		return f
	}
	return g.build(n)
}

// join is the facts of a followed by b, linking a's last positions to b's
// first.
func (g *positions) join(a, b gfacts) gfacts {
	for _, k := range a.last {
		g.follow[k] = append(g.follow[k], b.first...)
	}
	f := gfacts{nullable: a.nullable && b.nullable, first: a.first, last: b.last}
	if a.nullable {
		f.first = append(append([]int(nil), a.first...), b.first...)
	}
	if b.nullable {
		f.last = append(append([]int(nil), a.last...), b.last...)
	}
	return f
}

// components returns the strongly connected component of each node of the
// graph edges (Tarjan's algorithm, without recursion).
func components(edges [][]int) []int {
	n := len(edges)
	index, low, comp := make([]int, n), make([]int, n), make([]int, n)
	for k := range index {
		index[k], comp[k] = -1, -1
	}
	onStack := make([]bool, n)
	var stack []int
	next, count := 0, 0
	type frame struct{ v, e int }
	for root := range edges {
		if index[root] >= 0 {
			continue
		}
		calls := []frame{{root, 0}}
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		onStack[root] = true
		for len(calls) > 0 {
			top := &calls[len(calls)-1]
			v := top.v
			if top.e < len(edges[v]) {
				w := edges[v][top.e]
				top.e++
				switch {
				case index[w] < 0:
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					onStack[w] = true
					calls = append(calls, frame{w, 0})
				case onStack[w]:
					low[v] = min(low[v], index[w])
				}
				continue
			}
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				u := calls[len(calls)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] == index[v] {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp[w] = count
					if w == v {
						break
					}
				}
				count++
			}
		}
	}
	return comp
}

// maxPairs bounds the product automaton sameText explores.
const maxPairs = 1 << 12

// positions is a Glushkov automaton: one state per character set in the
// pattern, and which states may follow which.
type positions struct {
	sets   []runeSet
	follow [][]int
}

// gfacts are a node's nullability and its first and last positions.
type gfacts struct {
	nullable    bool
	first, last []int
}

func (g *positions) build(n *rnode) gfacts {
	switch n.op {
	case rSet:
		g.sets = append(g.sets, n.set)
		g.follow = append(g.follow, nil)
		k := len(g.sets) - 1
		return gfacts{first: []int{k}, last: []int{k}}
	case rEmpty:
		return gfacts{nullable: true}
	case rCat:
		f := gfacts{nullable: true}
		for _, s := range n.subs {
			sf := g.build(s)
			for _, k := range f.last {
				g.follow[k] = append(g.follow[k], sf.first...)
			}
			if f.nullable {
				f.first = append(f.first, sf.first...)
			}
			if sf.nullable {
				f.last = append(f.last, sf.last...)
			} else {
				f.last = sf.last
			}
			f.nullable = f.nullable && sf.nullable
		}
		return f
	case rAlt:
		var f gfacts
		for _, s := range n.subs {
			sf := g.build(s)
			f.nullable = f.nullable || sf.nullable
			f.first = append(f.first, sf.first...)
			f.last = append(f.last, sf.last...)
		}
		return f
	}
	if n.max == 0 { // rRep
		return gfacts{nullable: true}
	}
	f := g.build(n.subs[0])
	if n.max != 1 {
		for _, k := range f.last {
			g.follow[k] = append(g.follow[k], f.first...)
		}
	}
	f.nullable = f.nullable || n.min == 0
	return f
}

func member(ks []int) map[int]bool {
	m := make(map[int]bool, len(ks))
	for _, k := range ks {
		m[k] = true
	}
	return m
}

// runeSet is a set of characters as sorted, non-overlapping inclusive
// ranges lo0, hi0, lo1, hi1, ... (regexp/syntax's class layout).
type runeSet []rune

func (s runeSet) overlaps(t runeSet) bool {
	for i, j := 0, 0; i < len(s) && j < len(t); {
		switch {
		case s[i+1] < t[j]:
			i += 2
		case t[j+1] < s[i]:
			j += 2
		default:
			return true
		}
	}
	return false
}

func (s runeSet) union(t runeSet) runeSet {
	if len(s) == 0 {
		return t
	}
	if len(t) == 0 {
		return s
	}
	// Merge the ranges by their starts, then join overlapping ones.
	all := make(runeSet, 0, len(s)+len(t))
	i, j := 0, 0
	for i < len(s) || j < len(t) {
		if j >= len(t) || i < len(s) && s[i] <= t[j] {
			all = append(all, s[i], s[i+1])
			i += 2
		} else {
			all = append(all, t[j], t[j+1])
			j += 2
		}
	}
	out := all[:2]
	for k := 2; k < len(all); k += 2 {
		if last := len(out) - 1; all[k] <= out[last]+1 {
			out[last] = max(out[last], all[k+1])
		} else {
			out = append(out, all[k], all[k+1])
		}
	}
	return out
}
