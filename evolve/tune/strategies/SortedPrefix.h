//===- SortedPrefix.h - A vector sorted as far as it is read ----*- C++ -*-===//
//
// Plans read the best few of many scored candidates: a full sort of tens of
// thousands costs more than reading them. SortedPrefix sorts only the best
// Head (a selection, then a sort of those) and the rest the first time an
// element past them is read, so a read gives what a full sort would have
// put there; with an order that ties no two elements, exactly that.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_EVOLVE_TUNE_STRATEGIES_SORTEDPREFIX_H
#define GEVO_EVOLVE_TUNE_STRATEGIES_SORTEDPREFIX_H

#include <algorithm>
#include <vector>

namespace gevo::evolve::tune {

template <typename T, typename Less> class SortedPrefix {
public:
  SortedPrefix(std::vector<T> Items, Less Before, size_t Head)
      : Items(std::move(Items)), Before(Before),
        Sorted(std::min(Head, this->Items.size())) {
    std::nth_element(this->Items.begin(), this->Items.begin() + Sorted, this->Items.end(),
                     Before);
    std::sort(this->Items.begin(), this->Items.begin() + Sorted, Before);
  }
  size_t size() const { return Items.size(); }
  /// Element I of the sorted order.
  const T &operator[](size_t I) {
    if (I >= Sorted) {
      std::sort(Items.begin() + Sorted, Items.end(), Before);
      Sorted = Items.size();
    }
    return Items[I];
  }

private:
  std::vector<T> Items;
  Less Before;
  size_t Sorted; ///< Items[0, Sorted) are in order, and before the others
};

} // namespace gevo::evolve::tune

#endif
