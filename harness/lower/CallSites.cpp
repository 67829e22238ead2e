//===- CallSites.cpp - Deterministic call-site numbers in PTX -------------===//

#include "CallSites.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

using namespace llvm;

namespace {

bool isIdentifierChar(char C) {
  return isAlnum(C) || C == '_' || C == '$';
}

/// Where the next call-site marker starts in \p Text (npos if none), and the
/// length of its prefix before the number.
std::pair<size_t, size_t> nextMarker(StringRef Text) {
  static constexpr StringRef Markers[] = {"callseq ", "prototype_"};
  std::pair<size_t, size_t> First(StringRef::npos, 0);
  for (StringRef Marker : Markers) {
    size_t At = Text.find(Marker);
    while (At != StringRef::npos && At > 0 && isIdentifierChar(Text[At - 1]))
      At = Text.find(Marker, At + 1);
    if (At < First.first)
      First = {At, Marker.size()};
  }
  return First;
}

} // namespace

std::string gevo::renumberCallSites(StringRef Ptx,
                                    function_ref<bool(StringRef)> IsSymbol) {
  StringMap<unsigned> Numbers;
  std::string Out;
  Out.reserve(Ptx.size());
  for (auto [At, Prefix] = nextMarker(Ptx); At != StringRef::npos;
       std::tie(At, Prefix) = nextMarker(Ptx)) {
    StringRef Digits = Ptx.drop_front(At + Prefix).take_while(isDigit);
    StringRef After = Ptx.drop_front(At + Prefix + Digits.size());
    StringRef Word = Ptx.slice(At, At + Prefix + Digits.size());
    bool Renumber = !Digits.empty() &&
                    (After.empty() || !isIdentifierChar(After.front())) &&
                    !IsSymbol(Word);
    Out += Ptx.take_front(At + Prefix);
    Out += Renumber ? utostr(Numbers.try_emplace(Digits, Numbers.size())
                                 .first->second)
                    : Digits.str();
    Ptx = After;
  }
  Out += Ptx;
  return Out;
}
