// What the assistant says about a core tool's result: each list's replies from its DOMAINS
// row, and the clock's, which belongs to no list.
import { domainReplyOf, type AnyToolReply } from './domains';
import { SYSTEM_TIME_REPLY } from './system-time';

export function toolReplyOf(tool: string): AnyToolReply | undefined {
  return tool === 'system_get_time' ? SYSTEM_TIME_REPLY : domainReplyOf(tool);
}
