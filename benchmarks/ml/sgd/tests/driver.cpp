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
#include "../../common/CaseData.h"
#include "../Mlp.h"

namespace gevo::ml {
namespace {

struct SgdCase {
  CaseData Data;
  unsigned Epochs;
  MlpParams Net;
};

SgdCase parseCase(const DriverCase &C) {
  Params P(C.Params, C.Name + ": ");
  SgdCase S;
  S.Data = CaseData::read(P, C.TestsDir, 100);
  S.Epochs = unsigned(P.integer("epochs", 2, 1, 1000));
  S.Net.Seed = S.Data.Seed;
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
      const std::vector<int> &Classes = S.Data.Classes;
      Samples Train = S.Data.train();
      std::vector<int> TrainSlots = slots(Train.Y, Classes);
      Mlp Net(Dev, Train.Dim, Classes.size(), S.Net);
      Rng Order(S.Net.Seed + 1);
      for (unsigned E = 0; E < S.Epochs; ++E)
        Net.trainEpoch(Train, TrainSlots, Order);
      if (!C.HeldOut)
        return classificationOutcome(Net.predict(Train), TrainSlots);
      Samples Test = S.Data.test();
      return classificationOutcome(Net.predict(Test), slots(Test.Y, Classes));
    });
  }
};

} // namespace
} // namespace gevo::ml

GEVO_DRIVER(gevo::ml::SgdDriver)
