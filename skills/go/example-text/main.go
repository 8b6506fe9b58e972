// Example skill for the Go runtime worker: one JSON envelope on stdin, one result on stdout.
package main

import (
	"encoding/json"
	"os"
)

type envelope struct {
	Protocol string `json:"protocol"`
	Input    struct {
		Text string `json:"text"`
	} `json:"input"`
}

func main() {
	var in envelope
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		json.NewEncoder(os.Stdout).Encode(map[string]any{"success": false, "error": map[string]string{"code": "BAD_INPUT", "message": err.Error()}})
		return
	}
	r := []rune(in.Input.Text)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	json.NewEncoder(os.Stdout).Encode(map[string]any{
		"protocol": in.Protocol,
		"success":  true,
		"data":     map[string]string{"text": string(r), "runtime": "go"},
		"message":  "Text umgedreht.",
		"mutated":  false,
	})
}
