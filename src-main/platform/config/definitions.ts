// Every environment variable JARVIS reads, in one table: the parser, the generated
// configuration reference (docs/reference/configuration.md, `npm run docs:config`) and
// `jarvis doctor` are all derived from it. The names are the ones households already use
// in their compose and .env files, so they never change once released.

export type SettingType =
  'string' | 'path' | 'url' | 'address' | 'bool' | 'positive-int' | 'non-negative-int' | 'number' | 'duration' | 'timezone';

export interface SettingDefinition {
  readonly env: string;
  readonly key: string;
  readonly type: SettingType;
  /** Raw default as it would be written in the environment; undefined means "unset". */
  readonly default?: string;
  readonly description: string;
  /** Secrets never appear in logs, traces, exports or error messages. */
  readonly secret?: boolean;
  /** Allowed values for string settings. */
  readonly oneOf?: readonly string[];
}

export const SETTINGS = [
  // Listeners and data
  {
    env: 'JARVIS_ADDR',
    key: 'addr',
    type: 'address',
    default: '127.0.0.1:8080',
    description: 'Loopback listener for the API and the UI (host:port); a non-loopback address is refused.',
  },
  {
    env: 'JARVIS_MESH_ADDR',
    key: 'meshAddr',
    type: 'address',
    default: '0.0.0.0:8081',
    description: 'Mesh listener for runtime workers; may face the LAN. Serves only /api/mesh/enroll and the worker routes.',
  },
  {
    env: 'JARVIS_LAN_ADDR',
    key: 'lanAddr',
    type: 'address',
    description:
      "LAN listener for the household's paired phones and tablets (host:port, e.g. 0.0.0.0:8443); HTTPS with JARVIS's own certificate, every request from a paired device. Unset = off.",
  },
  {
    env: 'JARVIS_REMOTE_URL',
    key: 'remoteUrl',
    type: 'url',
    description:
      'Desktop app only: the LAN address of a JARVIS on the home server (https://host:port). When set, the app starts no JARVIS of its own and connects to that one, paired like a phone. Unset = the app runs its own.',
  },
  {
    env: 'JARVIS_LAN_NAMES',
    key: 'lanNames',
    type: 'string',
    description:
      'Further host names or addresses of this machine the LAN listener answers to and its certificate names, comma-separated (the listen address, the LAN addresses and `<hostname>.local` are always included).',
  },
  {
    env: 'JARVIS_DATA',
    key: 'dataFile',
    type: 'path',
    default: './data/jarvis.db',
    description: 'The SQLite database file (the desktop app uses its user-data folder).',
  },
  {
    env: 'JARVIS_BACKUP_DIR',
    key: 'backupDir',
    type: 'path',
    description:
      'If set, a backup (database, documents, settings) is written here once a day; daily ones are kept for a week, weekly ones for a month.',
  },
  {
    env: 'JARVIS_TIMEZONE',
    key: 'timezone',
    type: 'timezone',
    default: 'Europe/Berlin',
    description: 'IANA time zone of the household; all symbolic times resolve here.',
  },
  {
    env: 'JARVIS_LANGUAGE',
    key: 'language',
    type: 'string',
    default: 'de',
    oneOf: ['de', 'en'],
    description: 'Language of replies and the UI default.',
  },

  // Ollama
  { env: 'OLLAMA_URL', key: 'ollamaUrl', type: 'url', default: 'http://127.0.0.1:11434', description: 'Base URL of the Ollama server.' },
  {
    env: 'OLLAMA_MODEL',
    key: 'ollamaModel',
    type: 'string',
    default: 'auto',
    description:
      'Chat/agent model; `auto` picks the model `jarvis doctor --model` recommended, else an installed model that supports tools.',
  },
  {
    env: 'OLLAMA_EMBED_MODEL',
    key: 'ollamaEmbedModel',
    type: 'string',
    default: 'auto',
    description: 'Embedding model for document search; `auto` picks an installed embedding model.',
  },
  { env: 'OLLAMA_NUM_CTX', key: 'ollamaNumCtx', type: 'positive-int', default: '16384', description: 'Context window for general chat.' },
  {
    env: 'OLLAMA_NUM_PREDICT',
    key: 'ollamaNumPredict',
    type: 'positive-int',
    default: '1200',
    description: 'Token limit for general chat replies.',
  },
  { env: 'OLLAMA_TEMPERATURE', key: 'ollamaTemperature', type: 'number', default: '0.15', description: 'Temperature for general chat.' },
  {
    env: 'OLLAMA_AGENT_NUM_CTX',
    key: 'ollamaAgentNumCtx',
    type: 'positive-int',
    default: '16384',
    description: 'Context window for the tool agent.',
  },
  {
    env: 'OLLAMA_AGENT_NUM_PREDICT',
    key: 'ollamaAgentNumPredict',
    type: 'positive-int',
    default: '700',
    description: 'Token limit for one tool-agent step.',
  },
  {
    env: 'OLLAMA_AGENT_TEMPERATURE',
    key: 'ollamaAgentTemperature',
    type: 'number',
    default: '0',
    description: 'Temperature for the tool agent (0 recommended for small models).',
  },
  {
    env: 'OLLAMA_PLANNER_NUM_CTX',
    key: 'ollamaPlannerNumCtx',
    type: 'positive-int',
    default: '8192',
    description: 'Context window for planner, selector, scout and kanban calls.',
  },
  {
    env: 'OLLAMA_PLANNER_NUM_PREDICT',
    key: 'ollamaPlannerNumPredict',
    type: 'positive-int',
    default: '700',
    description: 'Token limit for structured planner calls.',
  },
  {
    env: 'OLLAMA_PLANNER_TEMPERATURE',
    key: 'ollamaPlannerTemperature',
    type: 'number',
    default: '0',
    description: 'Temperature for structured planner calls.',
  },

  // Assistant
  {
    env: 'JARVIS_AGENT_MAX_STEPS',
    key: 'agentMaxSteps',
    type: 'positive-int',
    default: '6',
    description: 'Maximum tool-call rounds per request.',
  },
  {
    env: 'JARVIS_HISTORY_TOKENS',
    key: 'historyTokens',
    type: 'positive-int',
    default: '3200',
    description: 'Token budget of the conversation history window.',
  },
  {
    env: 'JARVIS_LOCAL_INTENTS',
    key: 'localIntents',
    type: 'bool',
    default: 'true',
    description: 'Answer frequent household commands from deterministic sentence templates before asking the model.',
  },
  {
    env: 'JARVIS_TOOL_BUDGET_MAX_TOOLS',
    key: 'toolBudgetMaxTools',
    type: 'positive-int',
    default: '40',
    description:
      'Most tools offered to the model in one request. With more active tools, only the ones relevant to the request are offered (the rest stay reachable through `tools_find`); a model probe by `jarvis doctor --model` may lower it.',
  },
  {
    env: 'JARVIS_TOOL_BUDGET_MAX_TOKENS',
    key: 'toolBudgetMaxTokens',
    type: 'positive-int',
    default: '9000',
    description: "Most prompt tokens (estimated) for the offered tools' definitions in one request; a model probe may lower it.",
  },
  {
    env: 'JARVIS_TOOL_EMBED_MODEL',
    key: 'toolEmbedModel',
    type: 'string',
    description:
      'Ollama embedding model for choosing tools by meaning, beside keywords (e.g. `nomic-embed-text`); unset means keywords only.',
  },
  {
    env: 'JARVIS_MODEL_PROBES',
    key: 'modelProbesFile',
    type: 'path',
    description: 'Where `jarvis doctor --model` stores what each model can do (JSON); unset means `model-probes.json` beside the database.',
  },
  {
    env: 'JARVIS_PENDING_CONFIRMATION_MS',
    key: 'pendingConfirmationMs',
    type: 'positive-int',
    default: '300000',
    description: 'How long a pending confirmation (`ja` / `nein`) stays valid.',
  },
  {
    env: 'JARVIS_APPROVAL_TTL',
    key: 'approvalTtlMs',
    type: 'duration',
    default: '30m',
    description: "How long a child's or guest's request waits for an admin's Allow or Refuse before it expires (the asker is told).",
  },
  {
    env: 'TASK_SCOUT_INTERVAL',
    key: 'taskScoutIntervalMs',
    type: 'duration',
    default: '2m',
    description: 'How often the task scout reads new user texts and documents (0 turns it off).',
  },
  {
    env: 'HOME_AUTOMATION_INTERVAL',
    key: 'homeAutomationIntervalMs',
    type: 'duration',
    default: '1m',
    description: 'How often due reminders are fired.',
  },
  {
    env: 'KANBAN_AI_INTERVAL',
    key: 'kanbanAiIntervalMs',
    type: 'duration',
    default: '5m',
    description: 'How often the kanban board is organised by the model (0 turns it off).',
  },
  {
    env: 'JARVIS_DEBUG_TRACE',
    key: 'debugTrace',
    type: 'bool',
    default: 'true',
    description: 'Keep the debug trace in memory (EXPORT DEBUG).',
  },
  {
    env: 'JARVIS_DEBUG_DIR',
    key: 'debugDir',
    type: 'path',
    description:
      'Folder the trace is appended to as JSON lines files, kept 14 days and 50 MB at most (default: traces/ beside the database).',
  },
  {
    env: 'JARVIS_TRACE_LIMIT',
    key: 'traceLimit',
    type: 'positive-int',
    default: '5000',
    description: 'How many trace events are kept in memory.',
  },

  // Skills
  {
    env: 'JARVIS_SKILLS_DIR',
    key: 'skillsDir',
    type: 'path',
    default: './skills',
    description: 'Folder of skill modules (jarvis.skill.v1, SKILL.md, skill.toml).',
  },
  {
    env: 'JARVIS_SKILLS_USER_DIR',
    key: 'skillsUserDir',
    type: 'path',
    description: 'Where `jarvis skill install` puts skills (tier "user"); `~/.jarvis/skills` when unset.',
  },
  {
    env: 'JARVIS_SKILLS_BUNDLED_DIR',
    key: 'skillsBundledDir',
    type: 'path',
    description: 'Skills shipped with the app (tier "bundled", lowest precedence); none when unset.',
  },
  {
    env: 'JARVIS_SKILL_TRUSTED_KEYS_FILE',
    key: 'skillTrustedKeysFile',
    type: 'path',
    description:
      'The household key list: one `<name> ed25519 <public key>` line per skill index whose signatures you trust (tier "indexed"); `trusted-skill-keys.txt` beside the user skills folder (`~/.jarvis/`) when unset.',
  },
  { env: 'JARVIS_SKILLS_ENABLED', key: 'skillsEnabled', type: 'bool', default: 'true', description: 'Load plugin skills at all.' },
  {
    env: 'JARVIS_SKILL_PROCESS_ENABLED',
    key: 'skillProcessEnabled',
    type: 'bool',
    default: 'true',
    description: 'Run local process skills in the master (off in the Docker setup, where workers run them).',
  },
  {
    env: 'JARVIS_SKILL_ALLOW_SYSTEM_EXEC',
    key: 'skillAllowSystemExec',
    type: 'bool',
    default: 'false',
    description: 'Allow manifests to name a system command (python3, node, /bin/…) as entry point, together with permissions.system_exec.',
  },
  {
    env: 'JARVIS_SKILL_MAX_TIMEOUT_MS',
    key: 'skillMaxTimeoutMs',
    type: 'positive-int',
    default: '30000',
    description: 'Upper bound for a skill call’s timeout.',
  },
  {
    env: 'JARVIS_SKILL_MAX_OUTPUT_KB',
    key: 'skillMaxOutputKb',
    type: 'positive-int',
    default: '1024',
    description: 'Upper bound for a skill process’s stdout.',
  },
  {
    env: 'JARVIS_SKILL_MAX_MEMORY_MB',
    key: 'skillMaxMemoryMb',
    type: 'positive-int',
    default: '1024',
    description:
      'Memory a skill process may allocate (RLIMIT_DATA per process); past it the allocation fails and the call ends with a plain error.',
  },
  {
    env: 'JARVIS_SKILL_MAX_DISK_MB',
    key: 'skillMaxDiskMb',
    type: 'positive-int',
    default: '64',
    description: 'Largest file a skill process may write (RLIMIT_FSIZE) and the size of its private /tmp in the sandbox.',
  },
  {
    env: 'JARVIS_SKILL_SANDBOX',
    key: 'skillSandbox',
    type: 'string',
    default: 'auto',
    oneOf: ['auto', 'required', 'off'],
    description:
      'Isolate local skill processes with bubblewrap (own PID namespace, only the skill folder and the system folders visible): `auto` where it works, `required` refuses to run skills without it, `off` never.',
  },
  {
    env: 'JARVIS_SKILL_NETWORK_GRANTS',
    key: 'skillNetworkGrants',
    type: 'string',
    default: '',
    description:
      'Addresses of this machine a sandboxed skill with the network permission may reach nevertheless, per skill: `skill.id=host:port host:port; other.id=host:port`. Every other address of this machine (its loopback API, LAN and mesh listeners) is refused; an integration’s own configured URL is granted to its skill.',
  },
  {
    env: 'JARVIS_SKILL_HOST_NETWORK',
    key: 'skillHostNetwork',
    type: 'string',
    default: 'home.network',
    description:
      'Comma-separated bundled or workspace skills that share the host’s network in the sandbox instead of going through the egress proxy (Wake-on-LAN broadcasts, ping and port checks need it). They can reach this machine’s listeners.',
  },
  {
    env: 'JARVIS_SKILL_PIPELINE_MAX_DEPTH',
    key: 'skillPipelineMaxDepth',
    type: 'positive-int',
    default: '5',
    description: 'Maximum nesting of skill.toml pipelines.',
  },
  {
    env: 'JARVIS_SKILL_SOURCES_FILE',
    key: 'skillSourcesFile',
    type: 'path',
    description:
      'The JSON list of skill sources `jarvis skill sources`, `update` and the background sync use (`[{"source":"hermes","filter":{"category":["research"]},"auto_update":true}]`); `~/.jarvis/skill-sources.json` when unset.',
  },
  {
    env: 'JARVIS_SKILL_CACHE_DIR',
    key: 'skillCacheDir',
    type: 'path',
    description: 'Where the skill sources are cloned and kept up to date; `~/.jarvis/skill-cache` when unset.',
  },
  {
    env: 'JARVIS_SKILL_AUTO_SYNC',
    key: 'skillAutoSync',
    type: 'bool',
    default: 'false',
    description:
      'Sync the configured skill sources in the background after every start; new skills wait for the household like any new skill.',
  },
  {
    env: 'JARVIS_SKILL_HERMES_URL',
    key: 'skillHermesUrl',
    type: 'string',
    default: 'https://github.com/NousResearch/hermes-agent.git',
    description: 'The git repository of the `hermes` skill source (skills in `skills/<category>/<name>/SKILL.md`).',
  },
  {
    env: 'JARVIS_SKILL_OPENCLAW_URL',
    key: 'skillOpenclawUrl',
    type: 'string',
    default: 'https://github.com/openclaw/skills.git',
    description: 'The git repository of the `openclaw` skill source (skills in `skills/<owner>/<name>/SKILL.md`).',
  },
  {
    env: 'JARVIS_SKILL_GITHUB_URL',
    key: 'skillGithubUrl',
    type: 'string',
    default: 'https://github.com',
    description: 'Where `github:<owner>/<repo>` skill sources are cloned from (`<this>/<owner>/<repo>.git`).',
  },
  {
    env: 'JARVIS_SKILL_HISTORY_LIMIT',
    key: 'skillHistoryLimit',
    type: 'non-negative-int',
    default: '5000',
    description: 'How many successful tool calls are kept for `jarvis skill discover` (0 keeps none).',
  },
  {
    env: 'JARVIS_SKILL_OVERLAY_DIR',
    key: 'skillOverlayDir',
    type: 'path',
    description:
      'Where `jarvis optimize skills` keeps overlays (improved descriptions and examples, beside the skills, never in them); `~/.jarvis/learning/skills` when unset.',
  },

  // Notifications
  {
    env: 'NTFY_URL',
    key: 'ntfyUrl',
    type: 'url',
    description:
      'The ntfy server (e.g. https://ntfy.sh or your own); with NTFY_TOPIC set, members can choose ntfy as a notification channel, and the ntfy skill sends messages there.',
  },
  {
    env: 'NTFY_TOPIC',
    key: 'ntfyTopic',
    type: 'string',
    description: 'The ntfy topic the household subscribed to in the ntfy app.',
  },
  {
    env: 'NTFY_TOKEN',
    key: 'ntfyToken',
    type: 'string',
    secret: true,
    description: 'Access token for a protected ntfy topic (sent as a Bearer token); unset for an open topic.',
  },
  {
    env: 'JARVIS_PUSH_SUBJECT',
    key: 'pushSubject',
    type: 'string',
    default: 'mailto:jarvis@home.arpa',
    description: 'Contact the push services see in Web Push requests (a mailto: or https: URL), as VAPID asks for.',
  },
  {
    env: 'JARVIS_APP_URL',
    key: 'appUrl',
    type: 'url',
    description: "The address the household's phones open JARVIS at (its LAN address); ntfy notifications link there.",
  },

  // Mesh
  {
    env: 'JARVIS_MESH_ENROLLMENT_TOKEN',
    key: 'meshEnrollmentToken',
    type: 'string',
    secret: true,
    description: 'Bootstrap token workers enroll with; the mesh stays off while it is unset or shorter than 16 characters.',
  },
  {
    env: 'JARVIS_MESH_LEASE_MS',
    key: 'meshLeaseMs',
    type: 'positive-int',
    default: '30000',
    description: 'Worker lease; a worker without heartbeat for this long leaves the registry.',
  },
  {
    env: 'JARVIS_MESH_HEARTBEAT_MS',
    key: 'meshHeartbeatMs',
    type: 'positive-int',
    description: 'Heartbeat interval told to workers (default: a third of the lease).',
  },
  {
    env: 'JARVIS_MESH_INVOKE_TIMEOUT_MS',
    key: 'meshInvokeTimeoutMs',
    type: 'positive-int',
    default: '30000',
    description: 'Timeout of one master -> worker call.',
  },

  // Docker controller
  {
    env: 'JARVIS_DOCKER_CONTROLLER_ENABLED',
    key: 'dockerControllerEnabled',
    type: 'bool',
    default: 'false',
    description: 'Let the master list/start/stop/restart labelled skill containers.',
  },
  { env: 'JARVIS_DOCKER_SOCKET', key: 'dockerSocket', type: 'path', default: '/var/run/docker.sock', description: 'Docker Engine socket.' },
  {
    env: 'JARVIS_DOCKER_SKILL_LABEL',
    key: 'dockerSkillLabel',
    type: 'string',
    default: 'com.jarvis.skill-service',
    description: 'Label a container must carry to be controllable.',
  },
  {
    env: 'JARVIS_DOCKER_SKILL_LABEL_VALUE',
    key: 'dockerSkillLabelValue',
    type: 'string',
    default: 'true',
    description: 'Exact value that label must have.',
  },
  {
    env: 'JARVIS_COMPOSE_STACKS',
    key: 'composeStacks',
    type: 'string',
    description:
      'Comma-separated Compose project names the household may start, stop and restart from JARVIS (over JARVIS_DOCKER_SOCKET); no other container is reachable. Unset: no stacks.',
  },
  {
    env: 'JARVIS_DOCKGE_STACKS_DIR',
    key: 'dockgeStacksDir',
    type: 'path',
    description:
      "Dockge's stacks folder (each stack a folder with its compose.yaml, such as /opt/stacks). Its stacks appear on the Zuhause screen and can be started, stopped and restarted with `docker compose`. Unset: none.",
  },

  // Home Assistant
  {
    env: 'HOMEASSISTANT_URL',
    key: 'homeAssistantUrl',
    type: 'url',
    description:
      'Address of the household’s Home Assistant, such as http://homeassistant.local:8123; its areas and devices appear on the Zuhause screen and as tools. Off while unset.',
  },
  {
    env: 'HOMEASSISTANT_TOKEN',
    key: 'homeAssistantToken',
    type: 'string',
    secret: true,
    description: 'Long-lived access token created in Home Assistant (your profile → Security → Long-lived access tokens).',
  },
  {
    env: 'HOMEASSISTANT_CERT_FINGERPRINT',
    key: 'homeAssistantCertFingerprint',
    type: 'string',
    description:
      'For Home Assistant on https with a self-signed certificate: its SHA-256 fingerprint (hex, colons and case optional). That certificate is accepted, any other refused before the token is sent.',
  },

  // Voice
  {
    env: 'JARVIS_WHISPER_BIN',
    key: 'whisperBin',
    type: 'path',
    description: 'whisper.cpp CLI (`whisper-cli`); searched on PATH and in the tools folder when unset.',
  },
  { env: 'JARVIS_WHISPER_MODEL', key: 'whisperModel', type: 'path', description: 'Whisper model file (`ggml-*.bin`).' },
  {
    env: 'JARVIS_WHISPER_LANGUAGE',
    key: 'whisperLanguage',
    type: 'string',
    default: 'de',
    description: 'Speech language for transcription (`auto` detects).',
  },
  { env: 'JARVIS_PIPER_BIN', key: 'piperBin', type: 'path', description: 'Piper TTS binary; espeak-ng is used when Piper is missing.' },
  { env: 'JARVIS_PIPER_VOICE', key: 'piperVoice', type: 'path', description: 'Piper voice model (`*.onnx`).' },
  { env: 'JARVIS_FFMPEG_BIN', key: 'ffmpegBin', type: 'path', description: 'ffmpeg binary; searched on PATH when unset.' },
  {
    env: 'JARVIS_TOOLS_DIR',
    key: 'toolsDir',
    type: 'path',
    default: './local-tools',
    description: 'The app’s own tools folder (whisper-cli, piper, models).',
  },
  {
    env: 'JARVIS_WAKE_WORD',
    key: 'wakeWord',
    type: 'string',
    default: 'jarvis',
    description: 'Wake word of the optional hands-free mode.',
  },
  {
    env: 'JARVIS_HANDS_FREE',
    key: 'handsFree',
    type: 'bool',
    default: 'false',
    description: 'Hands-free mode: continuous listening for the wake word.',
  },
  {
    env: 'JARVIS_VOICE_MAX_UPLOAD_MB',
    key: 'voiceMaxUploadMb',
    type: 'positive-int',
    default: '20',
    description: 'Largest recording accepted by the voice routes.',
  },

  // Knowledge
  {
    env: 'JARVIS_RAG_MAX_FILE_MB',
    key: 'ragMaxFileMb',
    type: 'positive-int',
    default: '50',
    description: 'Largest document accepted for ingest.',
  },
  {
    env: 'JARVIS_RAG_WATCH_DIR',
    key: 'ragWatchDir',
    type: 'path',
    description: 'If set, documents dropped into this folder are ingested; skill pipelines may read its text files (`file_read`).',
  },
  // Home control: the home skills read these through runtime.env_from; the master's live Hue follower reads the Hue ones too
  {
    env: 'HUE_BRIDGE_URL',
    key: 'hueBridgeUrl',
    type: 'url',
    description: 'Philips Hue bridge, e.g. `https://192.168.1.20` (CLIP API v2). `jarvis home hue pair <url>` pairs with it.',
  },
  {
    env: 'HUE_APPLICATION_KEY',
    key: 'hueApplicationKey',
    type: 'string',
    secret: true,
    description: 'The application key the bridge gave at pairing (press its link button, then `jarvis home hue pair`).',
  },
  {
    env: 'HUE_CERT_FINGERPRINT',
    key: 'hueCertFingerprint',
    type: 'string',
    description:
      'SHA-256 fingerprint of the bridge certificate (hex, colons and case optional); pinned at pairing, a changed certificate is refused.',
  },
  {
    env: 'JARVIS_HOME_REQUEST_TIMEOUT',
    key: 'homeRequestTimeoutMs',
    type: 'duration',
    default: '8s',
    description:
      'How long the master waits for a home device (Hue bridge, Home Assistant, UniFi console) to accept its live connection or answer a request.',
  },
  {
    env: 'JARVIS_HOME_STREAM_IDLE',
    key: 'homeStreamIdleMs',
    type: 'duration',
    default: '45s',
    description:
      'A live connection to a home device that says nothing for this long is checked (a ping where the device answers one) and opened again; the Zuhause screen then shows since when it has no live updates.',
  },
  {
    env: 'WOL_TARGETS',
    key: 'wolTargets',
    type: 'string',
    description:
      'Machines to wake: `name=MAC[@broadcast[:port]]`, comma-separated (e.g. `Gaming-PC=aa:bb:cc:dd:ee:ff@192.168.1.255:9`; default broadcast 255.255.255.255, port 9).',
  },

  // MCP
  {
    env: 'JARVIS_MCP_CONFIG',
    key: 'mcpConfig',
    type: 'path',
    description:
      'The `mcp.json` listing MCP servers whose tools JARVIS offers as skills (`{"mcpServers": {...}}`, the format MCP clients share); `~/.jarvis/mcp.json` when unset.',
  },
  {
    env: 'JARVIS_MCP_CALL_TIMEOUT',
    key: 'mcpCallTimeoutMs',
    type: 'duration',
    default: '60s',
    description: 'How long JARVIS waits for an MCP server to start, list its tools or answer one tool call.',
  },
  {
    env: 'JARVIS_MCP_QUESTION_TIMEOUT',
    key: 'mcpQuestionTimeoutMs',
    type: 'duration',
    default: '5m',
    description:
      "How long an MCP server's question (a form, or leave to use the household's model) waits for the person's answer before the server is told it was cancelled.",
  },
  {
    env: 'PROXMOX_URL',
    key: 'proxmoxUrl',
    type: 'url',
    description: 'Proxmox VE host, e.g. `https://192.168.1.10:8006` (read by the home.proxmox skill).',
  },
  {
    env: 'PROXMOX_TOKEN_ID',
    key: 'proxmoxTokenId',
    type: 'string',
    description: 'Proxmox API token id, `USER@REALM!TOKENID` (e.g. `root@pam!jarvis`).',
  },
  { env: 'PROXMOX_TOKEN_SECRET', key: 'proxmoxTokenSecret', type: 'string', secret: true, description: 'The secret of that API token.' },
  {
    env: 'PROXMOX_CERT_FINGERPRINT',
    key: 'proxmoxCertFingerprint',
    type: 'string',
    description: 'SHA-256 fingerprint of the Proxmox certificate (hex, colons and case optional); a changed certificate is refused.',
  },
  {
    env: 'UNIFI_URL',
    key: 'unifiUrl',
    type: 'url',
    description:
      "UniFi OS console, e.g. `https://192.168.1.1` (UniFi Network and Protect skills; with the key, JARVIS also follows Protect's motion events).",
  },
  {
    env: 'UNIFI_API_KEY',
    key: 'unifiApiKey',
    type: 'string',
    secret: true,
    description: 'API key of the UniFi console (Settings → Control Plane → Integrations).',
  },
  {
    env: 'UNIFI_CERT_FINGERPRINT',
    key: 'unifiCertFingerprint',
    type: 'string',
    description: 'SHA-256 fingerprint of the console certificate (hex, colons and case optional); a changed certificate is refused.',
  },
] as const satisfies readonly SettingDefinition[];

export type SettingKey = (typeof SETTINGS)[number]['key'];
