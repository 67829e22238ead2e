//===- KernelNames.cpp - The names a user gives a kernel --------------------===//

#include "gevo/harness/Lower.h"
#include "gevo/passes/Names.h"

#include "llvm/IR/Module.h"

#include <set>

using namespace llvm;

std::map<std::string, std::string> gevo::kernelNames(const Module &M) {
  std::map<std::string, std::string> Names;
  std::set<std::string> Ambiguous;
  for (const Function &F : M) {
    if (F.isDeclaration() || !isKernel(F))
      continue;
    std::string Symbol = F.getName().str();
    Names[Symbol] = Symbol;
    // "_Z11sgemm_tiledii..." is also "sgemm_tiled"; a template instance
    // "scale<float>" and "scale".
    for (const std::string &Name : sourceNames(Symbol))
      if (Name != Symbol && !Names.emplace(Name, Symbol).second &&
          Names[Name] != Symbol)
        Ambiguous.insert(Name);
  }
  for (const std::string &Name : Ambiguous)
    Names.erase(Name);
  return Names;
}

Expected<std::string>
gevo::kernelSymbol(const std::map<std::string, std::string> &Names,
                   const std::string &Kernel) {
  if (auto It = Names.find(Kernel); It != Names.end())
    return It->second;
  std::set<std::string> Unique;
  for (auto &[Name, Symbol] : Names)
    Unique.insert(Symbol);
  std::vector<std::string> Symbols(Unique.begin(), Unique.end());
  Expected<std::vector<std::string>> Found =
      matchNames(Kernel, Symbols, "kernel");
  if (!Found)
    return Found.takeError();
  if (Found->size() == 1)
    return Found->front();
  std::string List;
  for (const std::string &S : *Found)
    List += (List.empty() ? "" : ", ") + displayName(S);
  return createStringError(inconvertibleErrorCode(),
                           "'%s' names several kernels: %s", Kernel.c_str(),
                           List.c_str());
}
