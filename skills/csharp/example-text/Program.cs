// Example skill for the C# runtime worker: one JSON envelope on stdin, one result on stdout.
using System.Text.Json;

var envelope = JsonDocument.Parse(Console.In.ReadToEnd()).RootElement;
var text = envelope.GetProperty("input").GetProperty("text").GetString() ?? "";
Console.Out.Write(JsonSerializer.Serialize(new Dictionary<string, object>
{
    ["protocol"] = envelope.GetProperty("protocol").GetString() ?? "",
    ["success"] = true,
    ["data"] = new Dictionary<string, string> { ["text"] = text.ToLowerInvariant(), ["runtime"] = "csharp" },
    ["message"] = "Text in Kleinbuchstaben.",
    ["mutated"] = false,
}));
