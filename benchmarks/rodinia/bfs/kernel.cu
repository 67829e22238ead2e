// BFS: breadth-first search levels (cost = hops from the source) on a graph
// in compressed adjacency form, one frontier level per pair of launches.
//
// bfs_kernel: every node in the frontier (mask) leaves it and gives each
// unvisited neighbour the cost one more than its own, marking it for the
// next frontier. Several frontier nodes may share a neighbour: they write
// the same values, with atomics (plain stores would race, which a GPU
// leaves undefined even when the values agree).
// bfs_kernel2: marked nodes join the frontier and become visited; any such
// node sets the `over` flag, so the host repeats both launches until a level
// adds no node.
struct Node {
  int starting;    // index of the first edge in the edge array
  int no_of_edges; // number of edges
};

__global__ void bfs_kernel(const Node *nodes, const int *edges, bool *mask,
                           unsigned *updating_mask, const bool *visited,
                           int *cost, int no_of_nodes) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < no_of_nodes && mask[tid]) {
    mask[tid] = false;
    Node n = nodes[tid];
    for (int i = n.starting; i < n.starting + n.no_of_edges; ++i) {
      int id = edges[i];
      if (!visited[id]) {
        atomicExch(&cost[id], cost[tid] + 1);
        atomicExch(&updating_mask[id], 1u);
      }
    }
  }
}

__global__ void bfs_kernel2(bool *mask, unsigned *updating_mask, bool *visited,
                            unsigned *over, int no_of_nodes) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid < no_of_nodes && updating_mask[tid]) {
    mask[tid] = true;
    visited[tid] = true;
    atomicExch(over, 1u);
    updating_mask[tid] = 0;
  }
}
