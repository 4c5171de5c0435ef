package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolspec/toolspec/examples/everything/go/evcatalog"
	"github.com/toolspec/toolspec/serve/gosdk"
)

// handlers serve the conformance suite's tools: plain handler code, the
// request reached through gosdk's helpers.
type handlers struct{}

// A 1x1 red PNG and a WAV of one silent sample.
var (
	redPixel, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")
	silence, _  = base64.StdEncoding.DecodeString("UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQIAAAAAAA==")
)

func (handlers) TestSimpleText(context.Context, evcatalog.TestSimpleTextInput) (string, error) {
	return "This is a simple text response for testing.", nil
}

func (handlers) TestImageContent(context.Context, evcatalog.TestImageContentInput) (any, error) {
	return gosdk.Image(redPixel, "image/png"), nil
}

func (handlers) TestAudioContent(context.Context, evcatalog.TestAudioContentInput) (any, error) {
	return gosdk.Audio(silence, "audio/wav"), nil
}

func (handlers) TestEmbeddedResource(context.Context, evcatalog.TestEmbeddedResourceInput) (any, error) {
	return gosdk.Resource("test://embedded-resource", "text/plain", "This is an embedded resource content."), nil
}

func (handlers) TestMultipleContentTypes(context.Context, evcatalog.TestMultipleContentTypesInput) (any, error) {
	return []mcp.Content{
		gosdk.Text("Multiple content types test:"),
		gosdk.Image(redPixel, "image/png"),
		gosdk.Resource("test://mixed-content-resource", "application/json", `{"test":"data","value":123}`),
	}, nil
}

func (handlers) TestToolWithLogging(ctx context.Context, _ evcatalog.TestToolWithLoggingInput) (string, error) {
	for i, message := range []string{"Tool execution started", "Tool processing data", "Tool execution completed"} {
		if i > 0 {
			time.Sleep(50 * time.Millisecond)
		}
		if err := gosdk.Log(ctx, "info", message); err != nil {
			return "", err
		}
	}
	return "Tool with logging executed successfully", nil
}

func (handlers) TestToolWithProgress(ctx context.Context, _ evcatalog.TestToolWithProgressInput) (string, error) {
	for i, progress := range []float64{0, 50, 100} {
		if i > 0 {
			time.Sleep(50 * time.Millisecond)
		}
		if err := gosdk.Progress(ctx, progress, 100, ""); err != nil {
			return "", err
		}
	}
	return "Tool with progress executed successfully", nil
}

func (handlers) TestErrorHandling(context.Context, evcatalog.TestErrorHandlingInput) (string, error) {
	return "", errors.New("This tool intentionally returns an error for testing")
}

func (handlers) TestSampling(ctx context.Context, in evcatalog.TestSamplingInput) (string, error) {
	res, err := gosdk.Sample(ctx, &mcp.CreateMessageParams{
		MaxTokens: 100,
		Messages:  []*mcp.SamplingMessage{{Role: "user", Content: gosdk.Text(in.Prompt)}},
	})
	if err != nil {
		return "", fmt.Errorf("sampling failed: %w", err)
	}
	text, _ := res.Content.(*mcp.TextContent)
	if text == nil {
		return "", fmt.Errorf("sampling returned %T, want text", res.Content)
	}
	return "LLM response: " + text.Text, nil
}

func (handlers) TestElicitation(ctx context.Context, in evcatalog.TestElicitationInput) (string, error) {
	res, err := gosdk.Elicit(ctx, &mcp.ElicitParams{Message: in.Message, RequestedSchema: object{
		"type": "object",
		"properties": object{
			"username": object{"type": "string", "description": "User's response"},
			"email":    object{"type": "string", "description": "User's email address"},
		},
		"required": []string{"username", "email"},
	}})
	if err != nil {
		return "", fmt.Errorf("elicitation failed: %w", err)
	}
	return "User response: " + describe(res), nil
}

func (handlers) TestElicitationSep1034Defaults(ctx context.Context, _ evcatalog.TestElicitationSep1034DefaultsInput) (string, error) {
	res, err := gosdk.Elicit(ctx, &mcp.ElicitParams{Message: "Please review the defaults", RequestedSchema: object{
		"type": "object",
		"properties": object{
			"name":     object{"type": "string", "default": "John Doe"},
			"age":      object{"type": "integer", "default": 30},
			"score":    object{"type": "number", "default": 95.5},
			"status":   object{"type": "string", "enum": []string{"active", "inactive", "pending"}, "default": "active"},
			"verified": object{"type": "boolean", "default": true},
		},
	}})
	if err != nil {
		return "", fmt.Errorf("elicitation failed: %w", err)
	}
	return "Elicitation completed: " + describe(res), nil
}

func (handlers) TestElicitationSep1330Enums(ctx context.Context, _ evcatalog.TestElicitationSep1330EnumsInput) (string, error) {
	titled := func(prefix string, titles ...string) []object {
		var options []object
		for i, title := range titles {
			options = append(options, object{"const": fmt.Sprintf("%s%d", prefix, i+1), "title": title})
		}
		return options
	}
	res, err := gosdk.Elicit(ctx, &mcp.ElicitParams{Message: "Please choose", RequestedSchema: object{
		"type": "object",
		"properties": object{
			"untitledSingle": object{"type": "string", "enum": []string{"option1", "option2", "option3"}},
			"titledSingle":   object{"type": "string", "oneOf": titled("value", "First Option", "Second Option", "Third Option")},
			"legacyEnum":     object{"type": "string", "enum": []string{"opt1", "opt2", "opt3"}, "enumNames": []string{"Option One", "Option Two", "Option Three"}},
			"untitledMulti":  object{"type": "array", "items": object{"type": "string", "enum": []string{"option1", "option2", "option3"}}},
			"titledMulti":    object{"type": "array", "items": object{"anyOf": titled("value", "First Choice", "Second Choice", "Third Choice")}},
		},
	}})
	if err != nil {
		return "", fmt.Errorf("elicitation failed: %w", err)
	}
	return "Elicitation completed: " + describe(res), nil
}

func (handlers) JSONSchema202012Tool(_ context.Context, in evcatalog.JSONSchema202012ToolInput) (string, error) {
	data, err := json.Marshal(in)
	return "Received: " + string(data), err
}

func (handlers) TestReconnection(ctx context.Context, _ evcatalog.TestReconnectionInput) (string, error) {
	// SEP-1699: close the SSE stream mid-call; the client reconnects and
	// gets the result from the stream it resumes.
	if extra := gosdk.Request(ctx).Extra; extra != nil && extra.CloseSSEStream != nil {
		extra.CloseSSEStream(mcp.CloseSSEStreamArgs{RetryAfter: 10 * time.Millisecond})
	}
	select {
	case <-time.After(100 * time.Millisecond):
	case <-ctx.Done():
		return "", ctx.Err()
	}
	return "Reconnection test completed", nil
}

type object = map[string]any

// describe is an elicitation result as text: its action and content.
func describe(res *mcp.ElicitResult) string {
	content, _ := json.Marshal(res.Content)
	return fmt.Sprintf("action=%s, content=%s", res.Action, content)
}
