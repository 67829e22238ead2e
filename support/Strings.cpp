//===- Strings.cpp - Small text helpers -----------------------------------===//

#include "gevo/support/Strings.h"

#include "llvm/ADT/SmallVector.h"

namespace gevo {

std::vector<std::string> splitList(llvm::StringRef List) {
  llvm::SmallVector<llvm::StringRef> Items;
  List.split(Items, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  return {Items.begin(), Items.end()};
}

} // namespace gevo
