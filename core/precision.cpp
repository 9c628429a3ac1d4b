// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/precision.h"

#include "core/rope_params.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>
#include <string>

namespace rope {

namespace {

std::uint32_t bitsOf(float f) noexcept {
    std::uint32_t u = 0;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

std::uint64_t bitsOf(double d) noexcept {
    std::uint64_t u = 0;
    std::memcpy(&u, &d, sizeof u);
    return u;
}

// Round-to-nearest-even of the integer `value >> shift`, given the dropped low bits: round up
// when the remainder exceeds half a unit, or equals it and the kept part is odd.
std::uint64_t shiftRoundEven(std::uint64_t value, int shift) noexcept {
    const std::uint64_t kept = value >> shift;
    const std::uint64_t rem = value & ((std::uint64_t{1} << shift) - 1);
    const std::uint64_t half = std::uint64_t{1} << (shift - 1);
    return kept + ((rem > half || (rem == half && (kept & 1U) != 0)) ? 1U : 0U);
}

void validateInvFreq(const Eigen::Ref<const Eigen::ArrayXd>& invFreq) {
    if (invFreq.size() < 1 || invFreq.size() > limits::kMaxDim / 2) {
        throw InvalidParameter("inv_freq", "inv_freq must have 1…" +
                                               std::to_string(limits::kMaxDim / 2) +
                                               " entries, got " + std::to_string(invFreq.size()));
    }
    // θ = 0 (p-RoPE's unrotated pairs) is exact in every format: angle 0, cos 1, sin 0.
    if (!(invFreq.isFinite().all() && (invFreq >= 0.0).all())) {
        throw InvalidParameter("inv_freq", "inv_freq (inverse frequencies) must be finite and "
                                           "non-negative (0 = a pair that does not rotate)");
    }
}

RotationTable referenceTable(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position) {
    RotationTable t;
    t.angle = invFreq * position;
    t.cos = t.angle.cos();
    t.sin = t.angle.sin();
    return t;
}

// Score (R_m q)·(R_n k) for interleaved pairs from explicit cos/sin tables.
double rotatedScore(const Eigen::Ref<const Eigen::ArrayXd>& q,
                    const Eigen::Ref<const Eigen::ArrayXd>& k, const RotationTable& tm,
                    const RotationTable& tn) {
    double s = 0.0;
    for (Eigen::Index i = 0; i < tm.cos.size(); ++i) {
        const double q0 = q[2 * i] * tm.cos[i] - q[2 * i + 1] * tm.sin[i];
        const double q1 = q[2 * i] * tm.sin[i] + q[2 * i + 1] * tm.cos[i];
        const double k0 = k[2 * i] * tn.cos[i] - k[2 * i + 1] * tn.sin[i];
        const double k1 = k[2 * i] * tn.sin[i] + k[2 * i + 1] * tn.cos[i];
        s += q0 * k0 + q1 * k1;
    }
    return s;
}

} // namespace

const char* floatFormatId(FloatFormat format) noexcept {
    switch (format) {
    case FloatFormat::Float64:
        return "float64";
    case FloatFormat::Float32:
        return "float32";
    case FloatFormat::BFloat16:
        return "bfloat16";
    case FloatFormat::Float16:
        return "float16";
    }
    return "float64";
}

FloatFormat parseFloatFormat(const std::string& id) {
    for (FloatFormat f : allFloatFormats()) {
        if (id == floatFormatId(f)) {
            return f;
        }
    }
    throw InvalidParameter(
        "format", "format must be one of float64, float32, bfloat16, float16; got '" + id + "'");
}

const std::vector<FloatFormat>& allFloatFormats() {
    static const std::vector<FloatFormat> formats = {FloatFormat::Float64, FloatFormat::Float32,
                                                     FloatFormat::BFloat16, FloatFormat::Float16};
    return formats;
}

FloatFormatInfo floatFormatInfo(FloatFormat format) noexcept {
    FloatFormatInfo info;
    switch (format) {
    case FloatFormat::Float64:
        info = {53,
                std::numeric_limits<double>::max(),
                std::numeric_limits<double>::min(),
                std::numeric_limits<double>::denorm_min(),
                0.0,
                0.0};
        break;
    case FloatFormat::Float32:
        info = {24,
                std::numeric_limits<float>::max(),
                std::numeric_limits<float>::min(),
                std::numeric_limits<float>::denorm_min(),
                0.0,
                0.0};
        break;
    case FloatFormat::BFloat16:
        // Largest finite bf16: exponent 254, mantissa 0x7F → (2 − 2^-7)·2^127 = 0x7F7F.
        info = {8, std::ldexp(255.0, 120), std::ldexp(1.0, -126), std::ldexp(1.0, -133), 0.0, 0.0};
        break;
    case FloatFormat::Float16:
        info = {11, 65504.0, std::ldexp(1.0, -14), std::ldexp(1.0, -24), 0.0, 0.0};
        break;
    }
    info.epsilon = std::ldexp(1.0, 1 - info.significandBits);
    info.maxExactInteger = std::ldexp(1.0, info.significandBits);
    return info;
}

std::uint16_t toBFloat16Bits(float value) noexcept {
    const std::uint32_t u = bitsOf(value);
    if (std::isnan(value)) {
        // Keep sign and payload's top bits; force the quiet bit so truncation cannot yield inf.
        return static_cast<std::uint16_t>((u >> 16) | 0x0040U);
    }
    // Adding 0x7FFF (+1 when the kept lsb is odd) carries into bit 16 exactly when the dropped
    // half exceeds 0x8000, or equals it with an odd kept part: round to nearest, ties to even.
    // A carry out of the mantissa bumps the exponent, which is the correct rounding (and gives
    // 0x7F80 = inf past the largest finite value).
    const std::uint32_t rounded = u + 0x7FFFU + ((u >> 16) & 1U);
    return static_cast<std::uint16_t>(rounded >> 16);
}

float fromBFloat16Bits(std::uint16_t bits) noexcept {
    const std::uint32_t u = static_cast<std::uint32_t>(bits) << 16;
    float f = 0.0F;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

std::uint16_t toFloat16Bits(double value) noexcept {
    const std::uint64_t u = bitsOf(value);
    const auto sign = static_cast<std::uint16_t>((u >> 48) & 0x8000U);
    const int biasedExp = static_cast<int>((u >> 52) & 0x7FFU);
    const std::uint64_t mant = u & ((std::uint64_t{1} << 52) - 1);
    if (biasedExp == 0x7FF) {
        return static_cast<std::uint16_t>(sign | (mant != 0 ? 0x7E00U : 0x7C00U));
    }
    if (biasedExp == 0) {
        // Double zeros and subnormals (< 2^-1022) are far below half of 2^-24: signed zero.
        return sign;
    }
    const int e = biasedExp - 1023; // value = 1.mant · 2^e
    if (e > 15) {
        return static_cast<std::uint16_t>(sign | 0x7C00U);
    }
    if (e >= -14) {
        // Normal half: keep 10 of 52 mantissa bits. A rounding carry propagates into the
        // exponent field; past 65504 it lands exactly on 0x7C00 = inf, as IEEE requires.
        const std::uint64_t m = shiftRoundEven(mant, 42);
        return static_cast<std::uint16_t>(sign | ((static_cast<std::uint64_t>(e + 15) << 10) + m));
    }
    // Subnormal half: value = sig · 2^(e−52) and the unit is 2^-24, so the count of units is
    // sig >> (28 − e). Shifts ≥ 54 leave less than half a unit (sig < 2^53): zero.
    const std::uint64_t sig = mant | (std::uint64_t{1} << 52);
    const int shift = 28 - e;
    if (shift >= 54) {
        return sign;
    }
    // A result of 0x0400 (rounded up to the smallest normal) is the correct encoding too.
    return static_cast<std::uint16_t>(sign | shiftRoundEven(sig, shift));
}

double fromFloat16Bits(std::uint16_t bits) noexcept {
    const double sign = (bits & 0x8000U) != 0 ? -1.0 : 1.0;
    const int exp = (bits >> 10) & 0x1F;
    const int mant = bits & 0x3FF;
    if (exp == 0x1F) {
        return mant != 0 ? std::numeric_limits<double>::quiet_NaN()
                         : sign * std::numeric_limits<double>::infinity();
    }
    if (exp == 0) {
        return sign * std::ldexp(static_cast<double>(mant), -24); // = mant · 2^-24
    }
    return sign * std::ldexp(static_cast<double>(mant + 1024), exp - 25); // = 1.mant · 2^(exp−15)
}

double roundToFormat(double value, FloatFormat format) noexcept {
    switch (format) {
    case FloatFormat::Float64:
        return value;
    case FloatFormat::Float32:
        return static_cast<double>(static_cast<float>(value));
    case FloatFormat::BFloat16:
        return static_cast<double>(fromBFloat16Bits(toBFloat16Bits(static_cast<float>(value))));
    case FloatFormat::Float16:
        return fromFloat16Bits(toFloat16Bits(value));
    }
    return value;
}

Eigen::ArrayXd roundToFormat(const Eigen::Ref<const Eigen::ArrayXd>& values, FloatFormat format) {
    Eigen::ArrayXd out(values.size());
    for (Eigen::Index i = 0; i < values.size(); ++i) {
        out[i] = roundToFormat(values[i], format);
    }
    return out;
}

double formatSpacing(FloatFormat format, double value) {
    if (std::isnan(value)) {
        throw InvalidParameter("value", "value must not be NaN");
    }
    const double r = std::abs(roundToFormat(value, format));
    if (std::isinf(r)) {
        return std::numeric_limits<double>::infinity();
    }
    const FloatFormatInfo info = floatFormatInfo(format);
    if (r < info.minNormal) {
        return info.minSubnormal;
    }
    // r = f·2^ex with f in [0.5, 1): the binade is [2^(ex−1), 2^ex), spacing 2^(ex−1−p+1).
    int ex = 0;
    std::frexp(r, &ex);
    return std::ldexp(1.0, ex - info.significandBits);
}

const char* anglePathId(AnglePath path) noexcept {
    switch (path) {
    case AnglePath::Reference:
        return "reference";
    case AnglePath::LowPrecisionProduct:
        return "low-precision-product";
    case AnglePath::DoubleThenCast:
        return "double-then-cast";
    }
    return "reference";
}

AnglePath parseAnglePath(const std::string& id) {
    for (AnglePath p :
         {AnglePath::Reference, AnglePath::LowPrecisionProduct, AnglePath::DoubleThenCast}) {
        if (id == anglePathId(p)) {
            return p;
        }
    }
    throw InvalidParameter(
        "path",
        "path must be reference, low-precision-product or double-then-cast; got '" + id + "'");
}

RotationTable rotationTable(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                            FloatFormat format, AnglePath path) {
    validateInvFreq(invFreq);
    validatePosition(position, "position");
    if (path == AnglePath::Reference || format == FloatFormat::Float64) {
        return referenceTable(invFreq, position);
    }
    RotationTable t;
    const Eigen::Index pairs = invFreq.size();
    t.cos.resize(pairs);
    t.sin.resize(pairs);
    if (path == AnglePath::DoubleThenCast) {
        t.angle = invFreq * position;
        for (Eigen::Index i = 0; i < pairs; ++i) {
            t.cos[i] = roundToFormat(std::cos(t.angle[i]), format);
            t.sin[i] = roundToFormat(std::sin(t.angle[i]), format);
        }
        return t;
    }
    // Low-precision product: both factors carry ≤ 24 significant bits, so their double product
    // is exact and one more rounding gives the correctly rounded low-precision product, which
    // is what a float/half/bf16 multiplier returns.
    t.angle.resize(pairs);
    const double m = roundToFormat(position, format);
    for (Eigen::Index i = 0; i < pairs; ++i) {
        const double theta = roundToFormat(invFreq[i], format);
        double a = std::isinf(m) ? m : roundToFormat(m * theta, format);
        if (std::isnan(a)) {
            a = std::numeric_limits<double>::infinity();
        }
        t.angle[i] = a;
        // cos/sin of the (already rounded) angle evaluated exactly, then stored in the format:
        // an ideal low-precision cos/sin, so only position/θ/product rounding shows up.
        t.cos[i] = std::isinf(a) ? std::numeric_limits<double>::quiet_NaN()
                                 : roundToFormat(std::cos(a), format);
        t.sin[i] = std::isinf(a) ? std::numeric_limits<double>::quiet_NaN()
                                 : roundToFormat(std::sin(a), format);
    }
    return t;
}

RotationErrors rotationErrors(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                              FloatFormat format, AnglePath path) {
    const RotationTable low = rotationTable(invFreq, position, format, path);
    const RotationTable ref = referenceTable(invFreq, position);
    RotationErrors e;
    const Eigen::Index pairs = invFreq.size();
    e.angleError.resize(pairs);
    for (Eigen::Index i = 0; i < pairs; ++i) {
        const double d = low.angle[i] - ref.angle[i];
        // remainder(d, 2π) lies in [−π, π]: angles differing by whole turns give the same R.
        e.angleError[i] = std::isfinite(d) ? std::abs(std::remainder(d, 2.0 * std::numbers::pi))
                                           : std::numeric_limits<double>::quiet_NaN();
    }
    e.cosError = (low.cos - ref.cos).abs();
    e.sinError = (low.sin - ref.sin).abs();
    e.rotationError = e.cosError.max(e.sinError);
    e.overflow = !low.angle.isFinite().all();
    if (e.overflow) {
        // Eigen's max() need not propagate NaN; make overflowed pairs NaN explicitly.
        for (Eigen::Index i = 0; i < pairs; ++i) {
            if (!std::isfinite(low.angle[i])) {
                e.rotationError[i] = std::numeric_limits<double>::quiet_NaN();
            }
        }
    }
    return e;
}

double scoreError(const Eigen::Ref<const Eigen::ArrayXd>& q,
                  const Eigen::Ref<const Eigen::ArrayXd>& k,
                  const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double m, double n,
                  FloatFormat format, AnglePath path) {
    validateInvFreq(invFreq);
    const Eigen::Index dim = 2 * invFreq.size();
    if (q.size() != dim || !q.isFinite().all()) {
        throw InvalidParameter("q", "q must be finite with " + std::to_string(dim) +
                                        " entries (2 per inverse frequency), got " +
                                        std::to_string(q.size()));
    }
    if (k.size() != dim || !k.isFinite().all()) {
        throw InvalidParameter("k", "k must be finite with " + std::to_string(dim) +
                                        " entries (2 per inverse frequency), got " +
                                        std::to_string(k.size()));
    }
    validatePosition(m, "m");
    validatePosition(n, "n");
    const RotationTable lm = rotationTable(invFreq, m, format, path);
    const RotationTable ln = rotationTable(invFreq, n, format, path);
    if (!lm.angle.isFinite().all() || !ln.angle.isFinite().all()) {
        return std::numeric_limits<double>::quiet_NaN();
    }
    const double ref = rotatedScore(q, k, referenceTable(invFreq, m), referenceTable(invFreq, n));
    return std::abs(rotatedScore(q, k, lm, ln) - ref);
}

PrecisionSweep precisionSweep(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                              const Eigen::Ref<const Eigen::ArrayXd>& positions, FloatFormat format,
                              AnglePath path) {
    validateInvFreq(invFreq);
    if (positions.size() < 1 || positions.size() > limits::kMaxSweepPositions) {
        throw InvalidParameter("positions", "positions must have 1…1048576 entries, got " +
                                                std::to_string(positions.size()));
    }
    PrecisionSweep s;
    s.positions = positions;
    s.maxAngleError.resize(positions.size());
    s.maxRotationError.resize(positions.size());
    for (Eigen::Index j = 0; j < positions.size(); ++j) {
        const RotationErrors e = rotationErrors(invFreq, positions[j], format, path);
        const double nan = std::numeric_limits<double>::quiet_NaN();
        s.maxAngleError[j] = e.overflow ? nan : e.angleError.maxCoeff();
        s.maxRotationError[j] = e.overflow ? nan : e.rotationError.maxCoeff();
    }
    return s;
}

Eigen::ArrayXd maxAngleErrorSweep(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                  const Eigen::Ref<const Eigen::ArrayXd>& positions,
                                  FloatFormat format, AnglePath path) {
    validateInvFreq(invFreq);
    if (positions.size() < 1 || positions.size() > limits::kMaxSweepPositions) {
        throw InvalidParameter("positions", "positions must have 1…1048576 entries, got " +
                                                std::to_string(positions.size()));
    }
    for (Eigen::Index j = 0; j < positions.size(); ++j) {
        validatePosition(positions[j], "position");
    }
    // rotationTable() returns the reference angles mθ_i themselves for these: the difference
    // is exactly 0 (DoubleThenCast rounds only cos/sin, which the angle error does not see).
    if (path != AnglePath::LowPrecisionProduct || format == FloatFormat::Float64) {
        return Eigen::ArrayXd::Zero(positions.size());
    }
    const Eigen::Index pairs = invFreq.size();
    // fl(θ_i) does not depend on the position: rounded once, not once per position.
    Eigen::ArrayXd theta(pairs);
    for (Eigen::Index i = 0; i < pairs; ++i) {
        theta[i] = roundToFormat(invFreq[i], format);
    }
    constexpr double kPi = std::numbers::pi;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    Eigen::ArrayXd out(positions.size());
    for (Eigen::Index j = 0; j < positions.size(); ++j) {
        const double position = positions[j];
        // The same operations, in the same order, as rotationTable() and rotationErrors().
        const double m = roundToFormat(position, format);
        double worst = 0.0;
        bool overflow = std::isinf(m);
        for (Eigen::Index i = 0; i < pairs && !overflow; ++i) {
            const double a = roundToFormat(m * theta[i], format);
            if (!std::isfinite(a)) {
                overflow = true;
                break;
            }
            const double d = a - invFreq[i] * position;
            // remainder(d, 2π) = d − n·2π with n = d/2π rounded to nearest, ties to even; for
            // |d| ≤ π, |d/2π| ≤ 1/2 (2π is exactly twice π in double), so n = 0 and the
            // result is d itself: the call is needed only past π.
            const double wrapped = std::abs(d) <= kPi ? std::abs(d)
                                                      : std::abs(std::remainder(d, 2.0 * kPi));
            worst = std::max(worst, wrapped);
        }
        out[j] = overflow ? nan : worst;
    }
    return out;
}

PositionInterval positionCollapseInterval(FloatFormat format, long long position) {
    const auto cap = static_cast<long long>(limits::kMaxPosition);
    if (position < 0 || position > cap) {
        throw InvalidParameter("position", "position must be an integer in [0, 2^40], got " +
                                               std::to_string(position));
    }
    const auto r = [format](long long n) { return roundToFormat(static_cast<double>(n), format); };
    PositionInterval out;
    out.representative = r(position);
    // Rounding is monotone non-decreasing in n, so {n : r(n) == v} is an interval and both ends
    // are found by bisection (≤ 41 steps each, bounded by the 2^40 cap).
    long long lo = 0;
    long long hi = position; // r(hi) ≥ v holds
    while (lo < hi) {
        const long long mid = lo + (hi - lo) / 2;
        if (r(mid) >= out.representative) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    out.first = lo;
    lo = position; // r(lo) ≤ v holds
    hi = cap;
    while (lo < hi) {
        const long long mid = lo + (hi - lo + 1) / 2;
        if (r(mid) <= out.representative) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    out.last = lo;
    return out;
}

long long distinctPositionCount(FloatFormat format, long long length) {
    if (length < 1 || length > limits::kMaxContext) {
        throw InvalidParameter("length",
                               "length must be in [1, 67108864], got " + std::to_string(length));
    }
    // Every representable integer r ≤ v = round(L−1) is the image of some position in 0…L−1
    // (r itself when r ≤ L−1; otherwise r = v). So the count is the number of representable
    // integers in [0, v], plus one for a +inf class.
    double v = roundToFormat(static_cast<double>(length - 1), format);
    long long extra = 0;
    if (std::isinf(v)) {
        v = floatFormatInfo(format).maxFinite;
        extra = 1;
    }
    const auto top = static_cast<long long>(v);
    const int p = floatFormatInfo(format).significandBits;
    if (p >= 40 || top <= (1LL << p)) {
        return top + 1 + extra; // every integer 0…top is representable
    }
    long long count = 1LL << p; // 0 … 2^p − 1
    // Binade [2^e, 2^(e+1)) holds 2^(p−1) values spaced s = 2^(e−p+1); top ≤ 2^27 bounds e.
    for (int e = p; (1LL << e) <= top; ++e) {
        const long long s = 1LL << (e - p + 1);
        const long long end = std::min(top, (1LL << (e + 1)) - s);
        count += (end - (1LL << e)) / s + 1;
    }
    return count + extra;
}

namespace {

void checkAccumulationInputs(double base, int rotaryDim, std::int64_t position) {
    validateBase(base, "base");
    validateDim(rotaryDim, "rotary-dim");
    if (position < -16777216 || position > 16777216) {
        throw InvalidParameter("position", "position must satisfy |position| <= 16777216, got " +
                                               std::to_string(position));
    }
}

} // namespace

Eigen::ArrayXd accumulatedAngles(double base, int rotaryDim, std::int64_t position) {
    checkAccumulationInputs(base, rotaryDim, position);
    // float32 throughout, as the engine: σ from powf of float arguments, then one rounded
    // product per pair. volatile keeps each product a separate float rounding even if a
    // compiler would otherwise keep the running value in a wider register.
    const float exponent = -2.0f / static_cast<float>(rotaryDim);
    const float sigma = std::pow(static_cast<float>(base), exponent);
    volatile float theta = static_cast<float>(position);
    Eigen::ArrayXd angles(rotaryDim / 2);
    for (int i = 0; i < rotaryDim / 2; ++i) {
        angles[i] = theta;
        theta = theta * sigma;
    }
    return angles;
}

Eigen::ArrayXd accumulatedAngleError(double base, int rotaryDim, std::int64_t position) {
    const Eigen::ArrayXd angles = accumulatedAngles(base, rotaryDim, position);
    Eigen::ArrayXd error(angles.size());
    const long double b = base;
    const long double p = static_cast<long double>(position);
    for (Eigen::Index i = 0; i < angles.size(); ++i) {
        const long double exact = p * std::pow(b, -2.0L * static_cast<long double>(i) / rotaryDim);
        error[i] = static_cast<double>(static_cast<long double>(angles[i]) - exact);
    }
    return error;
}

Eigen::ArrayXd maxAccumulatedAngleError(double base, int rotaryDim,
                                        const Eigen::Ref<const Eigen::ArrayXd>& positions) {
    Eigen::ArrayXd result(positions.size());
    for (Eigen::Index j = 0; j < positions.size(); ++j) {
        const double p = positions[j];
        if (!std::isfinite(p) || p != std::floor(p) || std::abs(p) > 16777216.0) {
            throw InvalidParameter("position", "positions must be integers with |p| <= 2^24, got " +
                                                   std::to_string(p));
        }
        result[j] =
            accumulatedAngleError(base, rotaryDim, static_cast<std::int64_t>(p)).abs().maxCoeff();
    }
    return result;
}

} // namespace rope
