package main

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The suite's resources, prompts and completion, added with the SDK's own
// API beside the catalog's tools.

func addExtras(server *mcp.Server) {
	text := func(uri, mimeType, text string) mcp.ResourceHandler {
		return func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: mimeType, Text: text}}}, nil
		}
	}
	server.AddResource(&mcp.Resource{URI: "test://static-text", Name: "static-text", Description: "A static text resource", MIMEType: "text/plain"},
		text("test://static-text", "text/plain", "This is the content of the static text resource."))
	server.AddResource(&mcp.Resource{URI: "test://static-binary", Name: "static-binary", Description: "A static binary resource (a PNG)", MIMEType: "image/png"},
		func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: "test://static-binary", MIMEType: "image/png", Blob: redPixel}}}, nil
		})
	server.AddResource(&mcp.Resource{URI: "test://watched-resource", Name: "watched-resource", Description: "A resource one may subscribe to", MIMEType: "text/plain"},
		text("test://watched-resource", "text/plain", "Watched resource content"))
	server.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "test://template/{id}/data", Name: "template", Description: "A resource per id", MIMEType: "application/json"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			id := strings.TrimSuffix(strings.TrimPrefix(req.Params.URI, "test://template/"), "/data")
			body := fmt.Sprintf(`{"id":%q,"templateTest":true,"data":"Data for ID: %s"}`, id, id)
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "application/json", Text: body}}}, nil
		})

	userText := func(text string) *mcp.PromptMessage {
		return &mcp.PromptMessage{Role: "user", Content: &mcp.TextContent{Text: text}}
	}
	server.AddPrompt(&mcp.Prompt{Name: "test_simple_prompt", Description: "A prompt without arguments"},
		func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{userText("This is a simple prompt for testing.")}}, nil
		})
	server.AddPrompt(&mcp.Prompt{Name: "test_prompt_with_arguments", Description: "A prompt with two arguments", Arguments: []*mcp.PromptArgument{
		{Name: "arg1", Description: "First test argument", Required: true},
		{Name: "arg2", Description: "Second test argument", Required: true},
	}}, func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		a := req.Params.Arguments
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{userText(fmt.Sprintf("Prompt with arguments: arg1='%s', arg2='%s'", a["arg1"], a["arg2"]))}}, nil
	})
	server.AddPrompt(&mcp.Prompt{Name: "test_prompt_with_embedded_resource", Description: "A prompt that embeds a resource", Arguments: []*mcp.PromptArgument{
		{Name: "resourceUri", Description: "URI of the resource to embed", Required: true},
	}}, func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		uri := req.Params.Arguments["resourceUri"]
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{
			{Role: "user", Content: &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: uri, MIMEType: "text/plain", Text: "Embedded resource content for testing."}}},
			userText("Please process the embedded resource above."),
		}}, nil
	})
	server.AddPrompt(&mcp.Prompt{Name: "test_prompt_with_image", Description: "A prompt with an image"},
		func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{
				{Role: "user", Content: &mcp.ImageContent{Data: redPixel, MIMEType: "image/png"}},
				userText("Please analyze the image above."),
			}}, nil
		})
}

// complete offers the values of test_prompt_with_arguments' arguments
// that start with what was typed.
func complete(_ context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	values := []string{} // never null on the wire
	for _, v := range []string{"paris", "park", "party"} {
		if strings.HasPrefix(v, req.Params.Argument.Value) {
			values = append(values, v)
		}
	}
	return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: values, Total: len(values)}}, nil
}

var (
	subscriptionsMu sync.Mutex
	subscriptions   = map[string]bool{}
)

func subscribe(_ context.Context, req *mcp.SubscribeRequest) error {
	subscriptionsMu.Lock()
	defer subscriptionsMu.Unlock()
	subscriptions[req.Params.URI] = true
	return nil
}

func unsubscribe(_ context.Context, req *mcp.UnsubscribeRequest) error {
	subscriptionsMu.Lock()
	defer subscriptionsMu.Unlock()
	delete(subscriptions, req.Params.URI)
	return nil
}
