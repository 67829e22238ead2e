// B+tree: batched key and key-range lookups in a B+tree laid out as an
// array of fixed-size nodes (node 0 is the root; every leaf is at depth
// `height`).
//
// findK: one block per query key, one thread per node slot. At each level
// the thread whose slot brackets the key (keys[t] <= key < keys[t+1])
// moves the query to that child; at the leaf the thread holding the key
// copies its record's value.
// findRangeK: the same walk for a range's start and end keys at once; at
// the leaves, the start key's record index and the range's length.
// Slots past a node's last key hold INT_MAX keys and indices of knodes_elem
// or more, so no thread matches them.
#ifndef ORDER
#define ORDER 32
#endif

struct knode {
  int location;
  int indices[ORDER + 1];
  int keys[ORDER + 1];
  int is_leaf;
  int num_keys;
};

struct record {
  int value;
};

__global__ void findK(int height, const knode *knodes, int knodes_elem,
                      const record *records, int *currKnode, int *offset,
                      const int *keys, record *ans) {
  int thid = threadIdx.x;
  int bid = blockIdx.x;
  for (int level = 0; level < height; ++level) {
    const knode &node = knodes[currKnode[bid]];
    if (node.keys[thid] <= keys[bid] && node.keys[thid + 1] > keys[bid]) {
      int child = knodes[offset[bid]].indices[thid];
      if (child < knodes_elem)
        offset[bid] = child;
    }
    __syncthreads();
    if (thid == 0)
      currKnode[bid] = offset[bid];
    __syncthreads();
  }
  const knode &leaf = knodes[currKnode[bid]];
  if (leaf.keys[thid] == keys[bid])
    ans[bid].value = records[leaf.indices[thid]].value;
}

__global__ void findRangeK(int height, const knode *knodes, int knodes_elem,
                           int *currKnode, int *offset, int *lastKnode,
                           int *offset_2, const int *start, const int *end,
                           int *recstart, int *reclength) {
  int thid = threadIdx.x;
  int bid = blockIdx.x;
  for (int level = 0; level < height; ++level) {
    const knode &first = knodes[currKnode[bid]];
    if (first.keys[thid] <= start[bid] && first.keys[thid + 1] > start[bid]) {
      int child = first.indices[thid];
      if (child < knodes_elem)
        offset[bid] = child;
    }
    const knode &last = knodes[lastKnode[bid]];
    if (last.keys[thid] <= end[bid] && last.keys[thid + 1] > end[bid]) {
      int child = last.indices[thid];
      if (child < knodes_elem)
        offset_2[bid] = child;
    }
    __syncthreads();
    if (thid == 0) {
      currKnode[bid] = offset[bid];
      lastKnode[bid] = offset_2[bid];
    }
    __syncthreads();
  }
  const knode &first = knodes[currKnode[bid]];
  if (first.keys[thid] == start[bid])
    recstart[bid] = first.indices[thid];
  __syncthreads();
  const knode &last = knodes[lastKnode[bid]];
  if (last.keys[thid] == end[bid])
    reclength[bid] = last.indices[thid] - recstart[bid] + 1;
}
