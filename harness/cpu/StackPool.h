//===- StackPool.h - Fiber stacks, reused per OS thread -----------*- C++ -*-===//
//
// Fixed-size fiber stacks with a guard page below, kept in a free list per
// OS thread (a block's fibers live and die on the TBB thread that runs the
// block), so a launch maps new stacks only the first time.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_CPU_STACKPOOL_H
#define GEVO_HARNESS_CPU_STACKPOOL_H

#include <boost/context/stack_context.hpp>

#include <cstddef>

namespace gevo::cpu {

inline constexpr size_t FiberStackBytes = 256 * 1024;

/// A Boost.Context StackAllocator over this thread's pool.
struct PooledStack {
  boost::context::stack_context allocate();
  void deallocate(boost::context::stack_context &Stack);
};

} // namespace gevo::cpu

#endif
