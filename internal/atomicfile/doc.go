// Package atomicfile writes whole files atomically, for every command that
// writes one: a reader sees the old bytes or the new ones, never a part,
// and nothing changes when writing fails.
//
// A symlink is written through: the new bytes replace its target (in the
// target's folder, keeping the target's mode), and the link stays a link.
// A file without the owner's write permission is not replaced, as gofmt
// -w does not replace one.
package atomicfile
