// Loaded with `node --import` before @modelcontextprotocol/conformance: its bundle imports
// `globSync` from `fs`, which Node 20 lacks (Node 22 added it). Only its SDK tier audit
// uses it; the server scenarios run on Node 20 with this stand-in.
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
