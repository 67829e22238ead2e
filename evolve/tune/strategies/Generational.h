//===- Generational.h - A tuner that measures a generation at a time -*- C++ -*-===//
//
// The base of kt-pso and kt-ga: a strategy that builds a generation (an
// iteration of the swarm, a generation of children), measures the fresh
// configs of it (Queue) and builds the next only once every one of them was
// told. Configs of a generation measured before (or breaking a
// restriction) are not asked again: they cost no trial, as in Kernel Tuner.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_STRATEGIES_GENERATIONAL_H
#define GEVO_EVOLVE_TUNE_STRATEGIES_GENERATIONAL_H

#include "gevo/evolve/tune/Tuner.h"

#include <deque>

namespace gevo::evolve::tune {

class GenerationalTuner : public Tuner {
public:
  using Tuner::Tuner;

  std::vector<Config> ask(size_t N, Rng &R) final {
    std::vector<Config> Out;
    while (Out.size() < N) {
      if (Queue.empty()) {
        if (!Out.empty() || waiting())
          break; // the rest of this generation is being measured
        if (!advance(R)) {
          if (auto C = claimRandom(R)) // nothing new found: one random trial
            Out.push_back(std::move(*C));
          break;
        }
        continue;
      }
      Out.push_back(S.decode(Queue.front()));
      Queue.pop_front();
    }
    return Out;
  }

protected:
  /// Whether a config of this generation is asked and not yet told.
  virtual bool waiting() const = 0;
  /// Builds generations until one puts a fresh config in Queue; false when
  /// none did after the strategy's limit of tries.
  virtual bool advance(Rng &R) = 0;

  std::deque<uint64_t> Queue; // this generation's fresh configs not asked yet
};

} // namespace gevo::evolve::tune

#endif
