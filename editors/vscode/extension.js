// Starts `hexmj lsp` for .hex card files and for the pool files (YAML) beside them.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("hexmj").get("command");
  client = new LanguageClient(
    "hexmj",
    "Hextech Mahjong cards",
    { command, args },
    {
      documentSelector: [
        { scheme: "file", language: "hexcard" },
        { scheme: "file", language: "yaml", pattern: "**/{pools.yaml,pools/*.yaml}" },
      ],
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
