// The toolspec extension: starts `toolspec lsp` for *.tspec files. All the
// language features come from the server; this file only starts it.
'use strict';

const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

async function activate(context) {
  const command = vscode.workspace.getConfiguration('toolspec').get('path') || 'toolspec';
  client = new LanguageClient(
    'toolspec',
    'toolspec',
    { run: { command, args: ['lsp'] }, debug: { command, args: ['lsp'] } },
    { documentSelector: [{ language: 'toolspec' }] },
  );
  context.subscriptions.push(vscode.workspace.onDidChangeConfiguration(async (e) => {
    if (e.affectsConfiguration('toolspec.path')) {
      await client.stop();
      await activate(context);
    }
  }));
  await client.start();
}

async function deactivate() {
  if (client) {
    await client.stop();
  }
}

module.exports = { activate, deactivate };
