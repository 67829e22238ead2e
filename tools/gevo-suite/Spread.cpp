//===- Spread.cpp - The suite's apps over the ranks of an MPI job -----------===//

#include "Spread.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <numeric>

namespace gevo::suite {

namespace {
constexpr int EndingsTag = 7;
}

std::vector<int> assignLongestFirst(const std::vector<double> &Estimates,
                                    int Ranks) {
  std::vector<size_t> Order(Estimates.size());
  std::iota(Order.begin(), Order.end(), 0);
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    return Estimates[A] > Estimates[B];
  });
  std::vector<double> Load(std::max(1, Ranks), 0.0);
  std::vector<int> Owner(Estimates.size(), 0);
  for (size_t I : Order) {
    int R = int(std::min_element(Load.begin(), Load.end()) - Load.begin());
    Owner[I] = R;
    Load[R] += Estimates[I];
  }
  return Owner;
}

void sendEndings(cluster::Comm &C, const Endings &E) {
  nlohmann::json J = nlohmann::json::array();
  for (const auto &[App, End] : E)
    J.push_back({App, int(End.How), End.Code, End.Seconds});
  C.send(0, EndingsTag, J.dump());
}

llvm::Expected<Endings> gatherEndings(cluster::Comm &C) {
  Endings All;
  for (int Left = C.size() - 1; Left > 0; --Left) {
    cluster::Message M = C.wait();
    auto Malformed = [&](const std::string &Why) {
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "rank " + std::to_string(M.From) +
                                         " sent a malformed list of its apps: " +
                                         Why);
    };
    if (M.Tag != EndingsTag)
      return Malformed("unexpected message");
    try {
      for (const nlohmann::json &E : nlohmann::json::parse(M.Bytes)) {
        int How = E.at(1);
        if (How < Ending::Exited || How > Ending::Interrupted)
          return Malformed("bad ending");
        All.push_back({E.at(0).get<size_t>(),
                       Ending{Ending::Kind(How), E.at(2), E.at(3)}});
      }
    } catch (const nlohmann::json::exception &Ex) {
      return Malformed(Ex.what());
    }
  }
  return All;
}

} // namespace gevo::suite
