// Example skill for the C++ runtime worker: reads the envelope on stdin, counts the ASCII
// letters of input.text, prints one result object on stdout.
#include <cctype>
#include <iostream>
#include <iterator>
#include <string>

int main() {
  std::string envelope((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  auto input = envelope.find("\"input\":");
  auto text = input == std::string::npos ? input : envelope.find("\"text\":\"", input);
  if (text == std::string::npos) {
    std::cout << R"({"success":false,"error":{"code":"BAD_INPUT","message":"input.text missing"}})";
    return 0;
  }
  long letters = 0;
  for (auto i = text + 8; i < envelope.size() && envelope[i] != '"'; ++i) {
    if (envelope[i] == '\\') {
      ++i;
      if (i < envelope.size() && envelope[i] == 'u') i += 4;
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(envelope[i]))) ++letters;
  }
  std::cout << R"({"success":true,"data":{"letters":)" << letters
            << R"(,"runtime":"cpp"},"message":"Buchstaben gezaehlt.","mutated":false})";
  return 0;
}
