//===- driver.cpp - An MLP trained by momentum SGD on Fashion-MNIST -------===//
//
// A case trains for a fixed number of epochs on a class-balanced
// Fashion-MNIST training subset (fixed initialisation and data order from
// the seed) and reports, as its Error, the trained model's error on that
// subset; a held-out case reports the error on a test-split subset.
// Parameters (all optional): classes, train_per_class, test_per_class,
// seed, epochs, hidden, batch, lr, momentum, data_dir. See
// benchmarks/ml/README.md.
//
//===----------------------------------------------------------------------===//

#include "../../common/Classification.h"
#include "../../common/Params.h"
#include "../Mlp.h"

namespace gevo::ml {
namespace {

struct SgdCase {
  std::vector<int> Classes;
  size_t TrainPerClass, TestPerClass;
  unsigned Epochs;
  std::string DataDir;
  MlpParams Net;
};

SgdCase parseCase(const DriverCase &C) {
  Params P(C.Params, C.Name + ": ");
  SgdCase S;
  S.Classes = P.distinctInts("classes", {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 0,
                             FashionMnistClasses - 1, 2);
  S.TrainPerClass = size_t(P.integer("train_per_class", 100, 1, 6000));
  S.TestPerClass = size_t(P.integer("test_per_class", 100, 1, 1000));
  S.Epochs = unsigned(P.integer("epochs", 2, 1, 1000));
  S.DataDir = dataDir(P.string("data_dir", ""), C.TestsDir);
  S.Net.Seed = uint64_t(P.integer("seed", 1, 0, INT64_MAX));
  S.Net.Hidden = unsigned(P.integer("hidden", S.Net.Hidden, 1, 4096));
  S.Net.Batch = unsigned(P.integer("batch", S.Net.Batch, 1, 4096));
  S.Net.Lr = float(P.positive("lr", S.Net.Lr));
  S.Net.Momentum = float(P.positive("momentum", S.Net.Momentum, true));
  P.rejectUnknown();
  return S;
}

/// Class labels as output slots 0..k-1 (the position in \p Classes).
std::vector<int> slots(const std::vector<int> &Y, const std::vector<int> &Classes) {
  std::vector<int> Out;
  for (int Label : Y)
    Out.push_back(int(std::find(Classes.begin(), Classes.end(), Label) -
                      Classes.begin()));
  return Out;
}

struct SgdDriver : Driver {
  DriverOutcome run(PlanDevice &D, const DriverCase &C) override {
    return guardedRun([&] {
      SgdCase S = parseCase(C);
      Device Dev(D);
      Samples Train = selectSubset(*loadFashionMnist(S.DataDir, Split::Train),
                                   S.Classes, S.TrainPerClass, S.Net.Seed);
      std::vector<int> TrainSlots = slots(Train.Y, S.Classes);
      Mlp Net(Dev, Train.Dim, S.Classes.size(), S.Net);
      Rng Order(S.Net.Seed + 1);
      for (unsigned E = 0; E < S.Epochs; ++E)
        Net.trainEpoch(Train, TrainSlots, Order);
      if (!C.HeldOut)
        return classificationOutcome(Net.predict(Train), TrainSlots);
      Samples Test = selectSubset(*loadFashionMnist(S.DataDir, Split::Test),
                                  S.Classes, S.TestPerClass, S.Net.Seed);
      return classificationOutcome(Net.predict(Test), slots(Test.Y, S.Classes));
    });
  }
};

} // namespace
} // namespace gevo::ml

GEVO_DRIVER(gevo::ml::SgdDriver)
