//===- Channel.h - Bytes and descriptors over unix sockets -------*- C++ -*-===//
//
// The sandbox's plumbing: whole writes and reads that survive EINTR,
// length-prefixed frames (8-byte little-endian length, then the bytes) and
// descriptor passing with SCM_RIGHTS. Writes use MSG_NOSIGNAL, so a dead
// peer is an error, never a SIGPIPE.
//
//===----------------------------------------------------------------------===//
#ifndef GEVO_HARNESS_SANDBOX_CHANNEL_H
#define GEVO_HARNESS_SANDBOX_CHANNEL_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gevo::sandbox {

/// Sends all of Data on socket Fd; false when the peer is gone.
bool sendAll(int Fd, const void *Data, size_t Size);
/// Reads exactly Size bytes (blocking); false on EOF or error.
bool readAll(int Fd, void *Data, size_t Size);

/// One frame: Kind byte, then Body.
bool sendFrame(int Fd, char Kind, std::string_view Body);
/// Reads one frame (blocking) into Kind and Body.
bool recvFrame(int Fd, char &Kind, std::string &Body);
/// A complete frame at the front of Buf: its size, or 0 when more bytes
/// are needed.
size_t frameSize(const std::string &Buf);

/// A control message: an op byte, a 64-bit argument and descriptors.
bool sendControl(int Fd, char Op, int64_t Arg, const std::vector<int> &Fds);
/// Receives one; false on EOF or error. Received descriptors are appended.
bool recvControl(int Fd, char &Op, int64_t &Arg, std::vector<int> &Fds);

} // namespace gevo::sandbox

#endif
