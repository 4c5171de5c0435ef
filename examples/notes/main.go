// Command notes is a newcomer's MCP server on stdio: five tools over an
// in-memory note store, served from notes.tspec with the official Go SDK
// through github.com/toolspec/toolspec/serve/gosdk.
//
// It is written as a user writes one: a module of its own, outside the
// toolspec clone. docs/servers.md ("A server outside the clone") gives the
// steps, and notes_test.go follows them in a temporary folder.
//
//	toolspec gen-go notes.tspec -o notescat/catalog.go --package notescat
//	go run .
package main

import (
	"context"
	"fmt"
	"log"
	"slices"
	"sync"
	"time"

	"example.com/notes/notescat"
	"github.com/toolspec/toolspec/serve/gosdk"
)

func main() {
	server, err := gosdk.NewServer(notescat.Bind(newStore()), nil)
	if err != nil {
		log.Fatal(err) // handlers and spec disagree: refuse to start
	}
	if err := gosdk.Run(context.Background(), server); err != nil {
		log.Fatal(err)
	}
}

// note is a stored note: the spec's group note, one Go type wherever the
// spec says `object { use note }`.
type note = notescat.Note

// store holds the notes, newest last; it implements notescat.Handlers.
type store struct {
	mu    sync.Mutex
	notes []note
	next  int
}

func newStore() *store { return &store{} }

func (s *store) CreateNote(_ context.Context, in notescat.CreateNoteInput) (notescat.CreateNoteOutput, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.next++
	n := note{ID: fmt.Sprintf("n_%d", s.next), Title: in.Title, Tags: []string{}, Created: time.Now().UTC().Format(time.RFC3339)}
	if in.Body != nil {
		n.Body = *in.Body
	}
	if in.Tags != nil {
		n.Tags = *in.Tags
	}
	s.notes = append(s.notes, n)
	return notescat.CreateNoteOutput{Note: n}, nil
}

func (s *store) GetNote(_ context.Context, in notescat.GetNoteInput) (notescat.GetNoteOutput, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, err := s.find(in.ID)
	if err != nil {
		return notescat.GetNoteOutput{}, err
	}
	return notescat.GetNoteOutput{Note: s.notes[i]}, nil
}

func (s *store) ListNotes(_ context.Context, in notescat.ListNotesInput) (notescat.ListNotesOutput, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	limit := 20
	if in.Limit != nil {
		limit = int(*in.Limit)
	}
	out := notescat.ListNotesOutput{Notes: []note{}}
	for _, n := range slices.Backward(s.notes) {
		if len(out.Notes) == limit {
			break
		}
		if in.Tag == nil || slices.Contains(n.Tags, *in.Tag) {
			out.Notes = append(out.Notes, n)
		}
	}
	return out, nil
}

func (s *store) UpdateNote(_ context.Context, in notescat.UpdateNoteInput) (notescat.UpdateNoteOutput, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, err := s.find(in.ID)
	if err != nil {
		return notescat.UpdateNoteOutput{}, err
	}
	n := &s.notes[i]
	if in.Title != nil {
		n.Title = *in.Title
	}
	if in.Body != nil {
		n.Body = *in.Body
	}
	if in.Tags != nil {
		n.Tags = *in.Tags
	}
	return notescat.UpdateNoteOutput{Note: *n}, nil
}

func (s *store) DeleteNote(_ context.Context, in notescat.DeleteNoteInput) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if i, err := s.find(in.ID); err == nil {
		s.notes = slices.Delete(s.notes, i, i+1)
	}
	return "deleted " + in.ID, nil
}

func (s *store) find(id string) (int, error) {
	for i, n := range s.notes {
		if n.ID == id {
			return i, nil
		}
	}
	return 0, fmt.Errorf("no note %s", id)
}
