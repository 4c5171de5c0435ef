package gosdk

import (
	"context"
	"errors"

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

// Elicit asks the user of the handler's client (elicitation/create).
func Elicit(ctx context.Context, params *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	ss, err := clientSession(ctx)
	if err != nil {
		return nil, err
	}
	return ss.Elicit(ctx, params)
}

// Sample asks the handler's client for a model completion
// (sampling/createMessage).
func Sample(ctx context.Context, params *mcp.CreateMessageParams) (*mcp.CreateMessageResult, error) {
	ss, err := clientSession(ctx)
	if err != nil {
		return nil, err
	}
	return ss.CreateMessage(ctx, params)
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
