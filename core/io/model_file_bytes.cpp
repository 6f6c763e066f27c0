// SPDX-License-Identifier: Apache-2.0
#include "io/model_file_bytes.h"

#include <bit>
#include <fstream>

namespace gpen {

namespace fs = std::filesystem;

Expected<std::vector<char>> readBoundedFile(const fs::path& file, std::uint64_t limit,
                                            const std::string& kind) {
    std::error_code ec;
    const auto size = fs::file_size(file, ec);
    if (ec)
        return makeError(ErrorCode::Io,
                         file.filename().string() + ": cannot read (" + ec.message() + ")");
    if (size > limit) {
        return makeError(ErrorCode::Malformed, file.filename().string() + ": larger (" +
                                                   std::to_string(size) + " bytes) than " + kind +
                                                   " may be");
    }
    std::ifstream in(file, std::ios::binary);
    std::vector<char> bytes(size);
    if (!in || !in.read(bytes.data(), static_cast<std::streamsize>(size))) {
        return makeError(ErrorCode::Io, file.filename().string() + ": cannot read");
    }
    return bytes;
}

float halfToFloat(std::uint16_t h) {
    const std::uint32_t sign = (h & 0x8000U) << 16;
    std::uint32_t exponent = (h >> 10) & 0x1FU;
    std::uint32_t mantissa = h & 0x3FFU;
    std::uint32_t bits;
    if (exponent == 0x1F) {
        bits = sign | 0x7F800000U | (mantissa << 13);  // inf / nan
    } else if (exponent != 0) {
        bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
    } else if (mantissa == 0) {
        bits = sign;
    } else {  // subnormal: normalise
        exponent = 113;
        while ((mantissa & 0x400U) == 0) {
            mantissa <<= 1;
            --exponent;
        }
        bits = sign | (exponent << 23) | ((mantissa & 0x3FFU) << 13);
    }
    return std::bit_cast<float>(bits);
}

}  // namespace gpen
