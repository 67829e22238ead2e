//===- Names.cpp - The names a user gives a function ----------------------===//

#include "gevo/passes/Names.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/GlobPattern.h"

#include <algorithm>

using namespace llvm;

namespace gevo {

namespace {
/// Name without any leading "ns::" (outside template arguments).
std::string unqualified(const std::string &Name) {
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I + 1 < Name.size(); ++I) {
    if (Name[I] == '<')
      ++Depth;
    else if (Name[I] == '>')
      --Depth;
    else if (Depth == 0 && Name[I] == ':' && Name[I + 1] == ':')
      Start = I + 2;
  }
  return Name.substr(Start);
}
} // namespace

std::string displayName(StringRef Symbol) {
  std::string Mangled = Symbol.str(); // the demangler points into it
  ItaniumPartialDemangler D;
  if (D.partialDemangle(Mangled.c_str()) || !D.isFunction())
    return Mangled;
  char *Name = D.getFunctionName(nullptr, nullptr);
  std::string Out = Name ? Name : Mangled;
  std::free(Name);
  return Out;
}

std::vector<std::string> sourceNames(StringRef Symbol) {
  std::vector<std::string> Names{Symbol.str()};
  std::string Qualified = displayName(Symbol);
  if (Qualified == Symbol)
    return Names;
  std::string Plain = unqualified(Qualified);
  for (const std::string &N :
       {Qualified, Plain, Plain.substr(0, Plain.find('<'))})
    if (!N.empty() && !is_contained(Names, N))
      Names.push_back(N);
  return Names;
}

Expected<std::vector<std::string>>
matchNames(StringRef Query, const std::vector<std::string> &Symbols,
           StringRef What) {
  std::vector<std::string> Out;
  if (is_contained(Symbols, Query))
    return std::vector<std::string>{Query.str()};
  for (const std::string &S : Symbols)
    if (is_contained(sourceNames(S), Query))
      Out.push_back(S);
  if (Out.empty() && Query.find_first_of("*?[") != StringRef::npos) {
    Expected<GlobPattern> Glob = GlobPattern::create(Query);
    if (!Glob)
      return Glob.takeError();
    for (const std::string &S : Symbols)
      if (any_of(sourceNames(S),
                 [&](const std::string &N) { return Glob->match(N); }))
        Out.push_back(S);
  }
  if (!Out.empty())
    return Out;
  std::vector<std::string> Listed;
  for (const std::string &S : Symbols)
    Listed.push_back(displayName(S));
  llvm::sort(Listed);
  std::string List;
  for (const std::string &N : Listed)
    List += (List.empty() ? "" : ", ") + N;
  return createStringError(inconvertibleErrorCode(),
                           "no %s named '%s' (%ss: %s)", What.str().c_str(),
                           Query.str().c_str(), What.str().c_str(),
                           List.empty() ? "none" : List.c_str());
}

} // namespace gevo
