// CFD: explicit finite-volume solver of the 3D Euler equations on an
// unstructured mesh (every element has NNB faces), Runge-Kutta in time.
//
// Per element, structure-of-arrays: variables[i + v * nelr] (density,
// momentum x/y/z, energy), normals[i + (face + d * NNB) * nelr] (outward,
// scaled by the face's area), elements_surrounding_elements[i + face *
// nelr] (a neighbour, or -1 for a wall, -2 for the far field).
// initialize_variables: every element to the far-field state.
// compute_step_factor: a local time step from the element's size and its
//   fastest wave (flow speed plus speed of sound).
// compute_flux: central fluxes through every face with scalar artificial
//   dissipation; walls contribute pressure only, the far field its flux.
// time_step: variables = old + step_factor / (RK + 1 - j) * flux, stage j.
// The far-field state and its fluxes are __constant__, set by the host.
#ifndef BLOCK
#define BLOCK 128
#endif
#define NDIM 3
#define NNB 4
#define RK 3
#define NVAR 5
#define VAR_DENSITY 0
#define VAR_MOMENTUM 1
#define VAR_DENSITY_ENERGY 4
#define GAMMA 1.4f
#define SMOOTHING 0.2f

struct Float3 {
  float x, y, z;
};

__constant__ float ff_variable[NVAR];
__constant__ Float3 ff_flux_contribution_momentum_x;
__constant__ Float3 ff_flux_contribution_momentum_y;
__constant__ Float3 ff_flux_contribution_momentum_z;
__constant__ Float3 ff_flux_contribution_density_energy;

__device__ float compute_pressure(float density, float density_energy,
                                  float speed_sqd) {
  return (GAMMA - 1.0f) * (density_energy - 0.5f * density * speed_sqd);
}

__device__ float compute_speed_of_sound(float density, float pressure) {
  return sqrtf(GAMMA * pressure / density);
}

/// The momentum and energy fluxes of a state along x, y and z.
__device__ void compute_flux_contribution(float density, Float3 momentum,
                                          float density_energy, float pressure,
                                          Float3 velocity, Float3 &fc_x,
                                          Float3 &fc_y, Float3 &fc_z,
                                          Float3 &fc_energy) {
  fc_x.x = velocity.x * momentum.x + pressure;
  fc_x.y = velocity.x * momentum.y;
  fc_x.z = velocity.x * momentum.z;
  fc_y.x = fc_x.y;
  fc_y.y = velocity.y * momentum.y + pressure;
  fc_y.z = velocity.y * momentum.z;
  fc_z.x = fc_x.z;
  fc_z.y = fc_y.z;
  fc_z.z = velocity.z * momentum.z + pressure;
  float de_p = density_energy + pressure;
  fc_energy.x = velocity.x * de_p;
  fc_energy.y = velocity.y * de_p;
  fc_energy.z = velocity.z * de_p;
}

__global__ void initialize_variables(int nelr, float *variables) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  for (int j = 0; j < NVAR; ++j)
    variables[i + j * nelr] = ff_variable[j];
}

__global__ void compute_step_factor(int nelr, const float *variables,
                                    const float *areas, float *step_factors) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  float density = variables[i + VAR_DENSITY * nelr];
  Float3 momentum = {variables[i + (VAR_MOMENTUM + 0) * nelr],
                     variables[i + (VAR_MOMENTUM + 1) * nelr],
                     variables[i + (VAR_MOMENTUM + 2) * nelr]};
  float density_energy = variables[i + VAR_DENSITY_ENERGY * nelr];
  Float3 velocity = {momentum.x / density, momentum.y / density,
                     momentum.z / density};
  float speed_sqd = velocity.x * velocity.x + velocity.y * velocity.y +
                    velocity.z * velocity.z;
  float pressure = compute_pressure(density, density_energy, speed_sqd);
  float speed_of_sound = compute_speed_of_sound(density, pressure);
  step_factors[i] =
      0.5f / (sqrtf(areas[i]) * (sqrtf(speed_sqd) + speed_of_sound));
}

__global__ void time_step(int j, int nelr, const float *old_variables,
                          float *variables, const float *step_factors,
                          const float *fluxes) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  float factor = step_factors[i] / float(RK + 1 - j);
  for (int v = 0; v < NVAR; ++v)
    variables[i + v * nelr] = old_variables[i + v * nelr] + factor * fluxes[i + v * nelr];
}

/// Loads element i's state and derives what its fluxes need.
struct State {
  float density, density_energy, pressure, speed, speed_of_sound;
  Float3 momentum, velocity, fc_x, fc_y, fc_z, fc_energy;
};

__device__ State load_state(const float *variables, int i, int nelr) {
  State s;
  s.density = variables[i + VAR_DENSITY * nelr];
  s.momentum.x = variables[i + (VAR_MOMENTUM + 0) * nelr];
  s.momentum.y = variables[i + (VAR_MOMENTUM + 1) * nelr];
  s.momentum.z = variables[i + (VAR_MOMENTUM + 2) * nelr];
  s.density_energy = variables[i + VAR_DENSITY_ENERGY * nelr];
  s.velocity.x = s.momentum.x / s.density;
  s.velocity.y = s.momentum.y / s.density;
  s.velocity.z = s.momentum.z / s.density;
  float speed_sqd = s.velocity.x * s.velocity.x + s.velocity.y * s.velocity.y +
                    s.velocity.z * s.velocity.z;
  s.speed = sqrtf(speed_sqd);
  s.pressure = compute_pressure(s.density, s.density_energy, speed_sqd);
  s.speed_of_sound = compute_speed_of_sound(s.density, s.pressure);
  compute_flux_contribution(s.density, s.momentum, s.density_energy,
                            s.pressure, s.velocity, s.fc_x, s.fc_y, s.fc_z,
                            s.fc_energy);
  return s;
}

__global__ void compute_flux(int nelr, const int *elements_surrounding_elements,
                             const float *normals, const float *variables,
                             float *fluxes) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  State s = load_state(variables, i, nelr);
  float flux_density = 0.0f, flux_energy = 0.0f;
  Float3 flux_momentum = {0.0f, 0.0f, 0.0f};

  for (int face = 0; face < NNB; ++face) {
    int nb = elements_surrounding_elements[i + face * nelr];
    Float3 normal = {normals[i + (face + 0 * NNB) * nelr],
                     normals[i + (face + 1 * NNB) * nelr],
                     normals[i + (face + 2 * NNB) * nelr]};
    float normal_len = sqrtf(normal.x * normal.x + normal.y * normal.y +
                             normal.z * normal.z);
    if (nb >= 0) {
      State n = load_state(variables, nb, nelr);
      // Artificial viscosity, scaled by the fastest wave on either side.
      float factor = -normal_len * SMOOTHING * 0.5f *
                     (s.speed + n.speed + s.speed_of_sound + n.speed_of_sound);
      flux_density += factor * (s.density - n.density);
      flux_energy += factor * (s.density_energy - n.density_energy);
      flux_momentum.x += factor * (s.momentum.x - n.momentum.x);
      flux_momentum.y += factor * (s.momentum.y - n.momentum.y);
      flux_momentum.z += factor * (s.momentum.z - n.momentum.z);
      // Central flux: the average of both sides' fluxes through the face.
      float fx = 0.5f * normal.x, fy = 0.5f * normal.y, fz = 0.5f * normal.z;
      flux_density += fx * (n.momentum.x + s.momentum.x) +
                      fy * (n.momentum.y + s.momentum.y) +
                      fz * (n.momentum.z + s.momentum.z);
      flux_energy += fx * (n.fc_energy.x + s.fc_energy.x) +
                     fy * (n.fc_energy.y + s.fc_energy.y) +
                     fz * (n.fc_energy.z + s.fc_energy.z);
      flux_momentum.x += fx * (n.fc_x.x + s.fc_x.x) + fy * (n.fc_x.y + s.fc_x.y) +
                         fz * (n.fc_x.z + s.fc_x.z);
      flux_momentum.y += fx * (n.fc_y.x + s.fc_y.x) + fy * (n.fc_y.y + s.fc_y.y) +
                         fz * (n.fc_y.z + s.fc_y.z);
      flux_momentum.z += fx * (n.fc_z.x + s.fc_z.x) + fy * (n.fc_z.y + s.fc_z.y) +
                         fz * (n.fc_z.z + s.fc_z.z);
    } else if (nb == -1) { // wall: pressure only
      flux_momentum.x += normal.x * s.pressure;
      flux_momentum.y += normal.y * s.pressure;
      flux_momentum.z += normal.z * s.pressure;
    } else if (nb == -2) { // far field
      float fx = 0.5f * normal.x, fy = 0.5f * normal.y, fz = 0.5f * normal.z;
      flux_density += fx * (ff_variable[VAR_MOMENTUM + 0] + s.momentum.x) +
                      fy * (ff_variable[VAR_MOMENTUM + 1] + s.momentum.y) +
                      fz * (ff_variable[VAR_MOMENTUM + 2] + s.momentum.z);
      flux_energy += fx * (ff_flux_contribution_density_energy.x + s.fc_energy.x) +
                     fy * (ff_flux_contribution_density_energy.y + s.fc_energy.y) +
                     fz * (ff_flux_contribution_density_energy.z + s.fc_energy.z);
      flux_momentum.x += fx * (ff_flux_contribution_momentum_x.x + s.fc_x.x) +
                         fy * (ff_flux_contribution_momentum_x.y + s.fc_x.y) +
                         fz * (ff_flux_contribution_momentum_x.z + s.fc_x.z);
      flux_momentum.y += fx * (ff_flux_contribution_momentum_y.x + s.fc_y.x) +
                         fy * (ff_flux_contribution_momentum_y.y + s.fc_y.y) +
                         fz * (ff_flux_contribution_momentum_y.z + s.fc_y.z);
      flux_momentum.z += fx * (ff_flux_contribution_momentum_z.x + s.fc_z.x) +
                         fy * (ff_flux_contribution_momentum_z.y + s.fc_z.y) +
                         fz * (ff_flux_contribution_momentum_z.z + s.fc_z.z);
    }
  }
  fluxes[i + VAR_DENSITY * nelr] = flux_density;
  fluxes[i + (VAR_MOMENTUM + 0) * nelr] = flux_momentum.x;
  fluxes[i + (VAR_MOMENTUM + 1) * nelr] = flux_momentum.y;
  fluxes[i + (VAR_MOMENTUM + 2) * nelr] = flux_momentum.z;
  fluxes[i + VAR_DENSITY_ENERGY * nelr] = flux_energy;
}
