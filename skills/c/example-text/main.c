/* Example skill for the C runtime worker: reads the envelope on stdin, upper-cases
   input.text (JSON escapes are kept as they are), prints one result object on stdout. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  size_t n;
  while ((n = fread(buf + len, 1, cap - len - 1, stdin)) > 0) {
    len += n;
    if (len + 1 >= cap) buf = realloc(buf, cap *= 2);
  }
  buf[len] = '\0';
  char *input = strstr(buf, "\"input\":");
  char *text = input ? strstr(input, "\"text\":\"") : NULL;
  if (!text) {
    fputs("{\"success\":false,\"error\":{\"code\":\"BAD_INPUT\",\"message\":\"input.text missing\"}}", stdout);
    return 0;
  }
  fputs("{\"success\":true,\"data\":{\"text\":\"", stdout);
  for (char *p = text + 8; *p && *p != '"'; p++) {
    if (*p == '\\') {
      putchar(*p++);
      if (!*p) break;
      putchar(*p);
      if (*p == 'u') for (int i = 0; i < 4 && p[1]; i++) putchar(*++p);
    } else {
      putchar(toupper((unsigned char)*p));
    }
  }
  fputs("\",\"runtime\":\"c\"},\"message\":\"Text in Grossbuchstaben.\",\"mutated\":false}", stdout);
  free(buf);
  return 0;
}
