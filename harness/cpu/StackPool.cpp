//===- StackPool.cpp - Fiber stacks, reused per OS thread -----------------===//

#include "StackPool.h"

#include <sys/mman.h>
#include <unistd.h>

#include <new>
#include <vector>

namespace gevo::cpu {
namespace {

size_t pageSize() {
  static const size_t Page = sysconf(_SC_PAGESIZE);
  return Page;
}

/// Free stacks (their lowest address, guard page included) of this thread.
struct FreeList {
  std::vector<char *> Stacks;
  ~FreeList() {
    for (char *Low : Stacks)
      munmap(Low, FiberStackBytes + pageSize());
  }
};

thread_local FreeList Free;

} // namespace

boost::context::stack_context PooledStack::allocate() {
  char *Low;
  if (!Free.Stacks.empty()) {
    Low = Free.Stacks.back();
    Free.Stacks.pop_back();
  } else {
    size_t Bytes = FiberStackBytes + pageSize();
    void *Map = mmap(nullptr, Bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (Map == MAP_FAILED)
      throw std::bad_alloc();
    Low = static_cast<char *>(Map);
    mprotect(Low, pageSize(), PROT_NONE);
  }
  boost::context::stack_context Stack;
  Stack.size = FiberStackBytes;
  Stack.sp = Low + pageSize() + FiberStackBytes;
  return Stack;
}

void PooledStack::deallocate(boost::context::stack_context &Stack) {
  Free.Stacks.push_back(static_cast<char *>(Stack.sp) - Stack.size -
                        pageSize());
}

} // namespace gevo::cpu
