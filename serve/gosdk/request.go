package gosdk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A handler's ctx carries the tools/call request it serves (Request) and
// the content it chose for its result (SetContent). The helpers below act
// on that request, so a handler logs, reports progress, asks the user or
// the model without middleware of its own.

type callKey struct{}

// toolCall is what the adapter puts in a handler's ctx for one tools/call.
type toolCall struct {
	req     *mcp.CallToolRequest
	content []mcp.Content
	set     bool // SetContent was called, even with no blocks
	asked   int  // the input requests made in this run (Elicit, Sample)
	// inputs are the input requests the client has not answered yet: the
	// call's result is then an input-required one (2026-07-28).
	inputs mcp.InputRequestMap
	known  mcp.InputResponseMap // the client's answers so far (answers)
}

func withCall(ctx context.Context, req *mcp.CallToolRequest) (context.Context, *toolCall) {
	c := &toolCall{req: req}
	return context.WithValue(ctx, callKey{}, c), c
}

func callOf(ctx context.Context) *toolCall {
	c, _ := ctx.Value(callKey{}).(*toolCall)
	return c
}

// Request is the tools/call request a handler serves: its session, its
// params (name, raw arguments, _meta with the progress token) and its
// Extra (the bearer token's auth.TokenInfo, the HTTP headers,
// CloseSSEStream). nil outside a handler called by this package.
func Request(ctx context.Context) *mcp.CallToolRequest {
	if c := callOf(ctx); c != nil {
		return c.req
	}
	return nil
}

// ErrNoSession is returned by the helpers that talk to the client when
// the handler's request came without a session (outside a handler, or a
// request the SDK served without one).
var ErrNoSession = errors.New("gosdk: the request has no session to talk to the client on")

func clientSession(ctx context.Context) (*mcp.ServerSession, error) {
	if r := Request(ctx); r != nil && r.Session != nil {
		return r.Session, nil
	}
	return nil, ErrNoSession
}

// Log sends a notifications/message to the client of the handler's
// request, with the tool's name as the logger. The SDK drops it when the
// client asked for a higher level (logging/setLevel).
func Log(ctx context.Context, level mcp.LoggingLevel, data any) error {
	ss, err := clientSession(ctx)
	if err != nil {
		return err
	}
	return ss.Log(ctx, &mcp.LoggingMessageParams{Level: level, Logger: Request(ctx).Params.Name, Data: data})
}

// Progress sends a notifications/progress for the handler's request when
// the client asked for progress (a _meta.progressToken); otherwise it does
// nothing. total 0 is unknown; message may be "".
func Progress(ctx context.Context, progress, total float64, message string) error {
	r := Request(ctx)
	if r == nil || r.Params == nil || r.Params.GetProgressToken() == nil {
		return nil
	}
	ss, err := clientSession(ctx)
	if err != nil {
		return err
	}
	return ss.NotifyProgress(ctx, &mcp.ProgressNotificationParams{
		ProgressToken: r.Params.GetProgressToken(), Progress: progress, Total: total, Message: message,
	})
}

// ErrInputRequired is what Elicit and Sample return on the sessionless
// 2026-07-28 protocol, where a server sends the client no request of its
// own, until the client has answered: the handler returns it (or any
// error, or any result), and the adapter answers the call with an
// input-required result that asks the client (its inputRequests). The
// client answers and calls the tool again with the answers; the handler
// runs again from its start, and the same Elicit or Sample (the nth of
// the run) now returns the answer. So what a handler does before it asks
// is done once per round: keep it free of effects, or make it idempotent.
// go-sdk's client does the rounds by itself. On the other protocols
// Elicit and Sample ask the client during the call, as the SDK does.
var ErrInputRequired = errors.New("gosdk: input required: the client is asked and will call the tool again")

// Elicit asks the user of the handler's client (elicitation/create); on
// 2026-07-28, through an input-required result (ErrInputRequired).
func Elicit(ctx context.Context, params *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	if c := callOf(ctx); c != nil && c.req != nil && sessionless(c.req) {
		answer, err := c.ask(params)
		if err != nil {
			return nil, err
		}
		res, ok := answer.(*mcp.ElicitResult)
		if !ok {
			return nil, fmt.Errorf("gosdk: the client answered elicitation %d with %T", c.asked, answer)
		}
		return res, nil
	}
	ss, err := clientSession(ctx)
	if err != nil {
		return nil, err
	}
	return ss.Elicit(ctx, params)
}

// Sample asks the handler's client for a model completion
// (sampling/createMessage); on 2026-07-28, through an input-required
// result (ErrInputRequired).
func Sample(ctx context.Context, params *mcp.CreateMessageParams) (*mcp.CreateMessageResult, error) {
	if c := callOf(ctx); c != nil && c.req != nil && sessionless(c.req) {
		answer, err := c.ask(params)
		if err != nil {
			return nil, err
		}
		res, ok := answer.(*mcp.CreateMessageWithToolsResult)
		if !ok || len(res.Content) != 1 {
			return nil, fmt.Errorf("gosdk: the client answered sampling request %d with %T, not one content block", c.asked, answer)
		}
		return &mcp.CreateMessageResult{Meta: res.Meta, Content: res.Content[0], Model: res.Model, Role: res.Role, StopReason: res.StopReason}, nil
	}
	ss, err := clientSession(ctx)
	if err != nil {
		return nil, err
	}
	return ss.CreateMessage(ctx, params)
}

// ask is the nth input request of this run of the handler: the client's
// answer when the call carries it, else ErrInputRequired, the request
// kept for the input-required result.
func (c *toolCall) ask(req mcp.InputRequest) (mcp.InputResponse, error) {
	c.asked++
	key := fmt.Sprintf("toolspec-%d", c.asked)
	if answer, ok := c.answers()[key]; ok {
		return answer, nil
	}
	if c.inputs == nil {
		c.inputs = mcp.InputRequestMap{}
	}
	c.inputs[key] = req
	return nil, ErrInputRequired
}

// answers are the client's answers so far: those of earlier rounds, which
// the call's requestState carries back, and this round's inputResponses.
// The state holds nothing but the client's own answers, so it needs no
// signature: a client that forges it forges what it could have answered.
func (c *toolCall) answers() mcp.InputResponseMap {
	if c.known != nil {
		return c.known
	}
	c.known = mcp.InputResponseMap{}
	if p := c.req.Params; p != nil {
		if p.RequestState != "" {
			json.Unmarshal([]byte(p.RequestState), &c.known) // not ours: asked again
		}
		for k, v := range p.InputResponses {
			c.known[k] = v
		}
	}
	return c.known
}

// inputRequired is the input-required result that asks the client for
// c's inputs, its requestState the answers so far. The SDK keeps a
// result's type unexported and sets it only for its own tools, so it is
// read from the wire form.
func (c *toolCall) inputRequired() (*mcp.CallToolResult, error) {
	state := ""
	if known := c.answers(); len(known) > 0 {
		data, err := json.Marshal(known)
		if err != nil {
			return nil, err
		}
		state = string(data)
	}
	data, err := json.Marshal(struct {
		InputRequests mcp.InputRequestMap `json:"inputRequests"`
		RequestState  string              `json:"requestState,omitempty"`
		ResultType    string              `json:"resultType"`
	}{c.inputs, state, "input_required"})
	if err != nil {
		return nil, err
	}
	var res mcp.CallToolResult
	if err := json.Unmarshal(data, &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// SetContent sets the content blocks of the handler's result, in place of
// the block the adapter writes itself: the JSON text of a structured (out)
// result, the text a `result text` handler returns. The structured result
// is still checked against the output schema and sent as
// structuredContent on profile 2. A `result any` handler may instead
// return the blocks (mcp.Content, []mcp.Content or *mcp.CallToolResult).
// Outside a handler it does nothing.
func SetContent(ctx context.Context, blocks ...mcp.Content) {
	if c := callOf(ctx); c != nil {
		c.content, c.set = blocks, true
	}
}

// Text is a text content block.
func Text(text string) mcp.Content { return &mcp.TextContent{Text: text} }

// Image is an image content block: data are the raw bytes (base64 on the
// wire), mimeType e.g. "image/png".
func Image(data []byte, mimeType string) mcp.Content {
	return &mcp.ImageContent{Data: data, MIMEType: mimeType}
}

// Audio is an audio content block: data are the raw bytes (base64 on the
// wire), mimeType e.g. "audio/wav".
func Audio(data []byte, mimeType string) mcp.Content {
	return &mcp.AudioContent{Data: data, MIMEType: mimeType}
}

// Link is a resource link block: a resource the client may read.
func Link(uri, name, mimeType string) mcp.Content {
	return &mcp.ResourceLink{URI: uri, Name: name, MIMEType: mimeType}
}

// Resource is an embedded text resource block.
func Resource(uri, mimeType, text string) mcp.Content {
	return &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: uri, MIMEType: mimeType, Text: text}}
}

// Blob is an embedded binary resource block.
func Blob(uri, mimeType string, data []byte) mcp.Content {
	return &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: uri, MIMEType: mimeType, Blob: data}}
}
