// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <Eigen/Core>

#include <cstdint>
#include <string>
#include <vector>

/// \file precision.h
/// What happens to RoPE angles, cos/sin tables and attention scores when positions and
/// frequencies live in a low-precision format (float32, bfloat16, float16), and which integer
/// positions a format can no longer tell apart. Every format is emulated bit-exactly in plain
/// C++ (round to nearest, ties to even), so the numbers do not depend on the hardware.
///
/// Formats (IEEE 754-2008 binary16/binary32; bfloat16 from Google Brain / TPU documentation):
/// | format   | significand bits p (incl. implicit) | exponent bits | max finite       |
/// |----------|-------------------------------------|---------------|------------------|
/// | float64  | 53                                  | 11            | ≈ 1.8e308        |
/// | float32  | 24                                  | 8             | ≈ 3.4e38         |
/// | bfloat16 | 8                                   | 8             | ≈ 3.39e38        |
/// | float16  | 11                                  | 5             | 65504            |
/// Every integer 0 … 2^p is representable; in the binade [2^e, 2^{e+1}) with e ≥ p−1 the
/// spacing of representable numbers is \f$2^{e-p+1}\f$.

namespace rope {

/// \brief A floating-point storage format.
enum class FloatFormat {
    Float64,  ///< IEEE binary64: the reference, rounding is the identity.
    Float32,  ///< IEEE binary32.
    BFloat16, ///< bfloat16: float32's exponent, 8 significant bits.
    Float16,  ///< IEEE binary16 (half), with subnormals and overflow to ±inf.
};

/// \brief Kebab-case id: "float64", "float32", "bfloat16", "float16".
const char* floatFormatId(FloatFormat format) noexcept;

/// \brief Parses a format id.
/// \warning Throws InvalidParameter("format") listing the known ids for anything else.
FloatFormat parseFloatFormat(const std::string& id);

/// \brief Every format, widest first (menu order).
const std::vector<FloatFormat>& allFloatFormats();

/// \brief Static facts about a format.
struct FloatFormatInfo {
    /// Significant bits p including the implicit leading bit (53, 24, 8, 11).
    int significandBits = 0;
    /// Largest finite value.
    double maxFinite = 0.0;
    /// Smallest positive normal value.
    double minNormal = 0.0;
    /// Smallest positive subnormal value.
    double minSubnormal = 0.0;
    /// Machine epsilon \f$2^{1-p}\f$ (spacing just above 1).
    double epsilon = 0.0;
    /// Largest integer N such that every integer 0…N is representable: \f$2^p\f$.
    double maxExactInteger = 0.0;
};

/// \brief Significand width, range and epsilon of \p format.
FloatFormatInfo floatFormatInfo(FloatFormat format) noexcept;

/// \brief bfloat16 bit pattern of a float32: round to nearest, ties to even, on the upper 16
/// bits; overflow rounds to ±inf; NaN stays NaN (quiet bit set).
///
/// \f$\mathrm{bits} = (u + \mathtt{0x7FFF} + ((u \gg 16)\,\&\,1)) \gg 16\f$ for the float32 bits u,
/// the same rule as PyTorch's `c10::BFloat16` and TensorFlow's `bfloat16`.
/// Examples: 1.0f → 0x3F80, 15962.0f → 0x4679 (= 15936).
std::uint16_t toBFloat16Bits(float value) noexcept;

/// \brief The float32 value of a bfloat16 bit pattern (exact: the bits shifted left by 16).
float fromBFloat16Bits(std::uint16_t bits) noexcept;

/// \brief IEEE binary16 bit pattern of a double, correctly rounded (nearest, ties to even)
/// directly from the double, as NumPy's `np.float16(x)` does.
///
/// Normal range \f$[2^{-14}, 65504]\f$; subnormals are multiples of \f$2^{-24}\f$ (0x0001);
/// |x| ≥ 65520 (halfway between 65504 and 2^16) rounds to ±inf (0x7C00); NaN → quiet NaN.
/// Examples: 1.0 → 0x3C00, 0.1 → 0x2E66, 65504 → 0x7BFF.
std::uint16_t toFloat16Bits(double value) noexcept;

/// \brief The exact double value of a binary16 bit pattern (subnormals, ±inf and NaN included).
double fromFloat16Bits(std::uint16_t bits) noexcept;

/// \brief Rounds \p value to \p format and returns it as a double (exact).
///
/// Float64: identity. Float32: `static_cast<float>` (IEEE round to nearest even).
/// Float16: toFloat16Bits (directly from double). BFloat16: \f$\mathrm{bf16}(\mathrm{f32}(x))\f$,
/// i.e. via float32 as frameworks do; this double rounding can differ from a direct rounding
/// only for values within 2^-24 relative of a bfloat16 tie, and never for integers below 2^24.
double roundToFormat(double value, FloatFormat format) noexcept;

/// \brief Elementwise roundToFormat.
Eigen::ArrayXd roundToFormat(const Eigen::Ref<const Eigen::ArrayXd>& values, FloatFormat format);

/// \brief Spacing between \p value's rounded value and the next larger representable magnitude
/// (the ulp at |round(value)|), in the same units as \p value; +inf when round(value) is ±inf.
///
/// For \f$2^e ≤ |x| < 2^{e+1}\f$ in the normal range: \f$2^{e-p+1}\f$. Example: bfloat16 at
/// 15962 → 64.
/// \warning Throws InvalidParameter("value") if \p value is NaN.
double formatSpacing(FloatFormat format, double value);

/// \brief How an angle \f$m θ_i\f$ and its cos/sin reach the rotation.
enum class AnglePath {
    /// Everything in double: the reference.
    Reference,
    /// (b) m and θ_i rounded to the format, product rounded to the format, cos/sin of that
    /// angle evaluated exactly (in double) and rounded to the format — a model computing its
    /// position table in low precision.
    LowPrecisionProduct,
    /// (c) \f$mθ_i\f$ and cos/sin in double, only cos/sin rounded to the format — the
    /// Hugging Face practice of computing in float32 and casting the cos/sin cache.
    DoubleThenCast,
};

/// \brief Kebab-case id: "reference", "low-precision-product", "double-then-cast".
const char* anglePathId(AnglePath path) noexcept;

/// \brief Parses an angle-path id.
/// \warning Throws InvalidParameter("path") for anything else.
AnglePath parseAnglePath(const std::string& id);

/// \brief Angles and their cos/sin for every pair at one position, as the path computes them.
struct RotationTable {
    /// Angle actually used (radians, not reduced); +inf when the position overflows the
    /// format (float16 beyond 65519).
    Eigen::ArrayXd angle;
    /// cos(angle) after the path's rounding (NaN when angle is inf).
    Eigen::ArrayXd cos;
    /// sin(angle) after the path's rounding (NaN when angle is inf).
    Eigen::ArrayXd sin;
};

/// \brief The rotation table of \p path at \p position.
/// \param invFreq θ_i (radians/token), finite and positive, size 1…limits::kMaxDim/2.
/// \param position m, finite, |m| ≤ limits::kMaxPosition.
/// \warning Throws InvalidParameter("inv_freq", "position").
RotationTable rotationTable(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                            FloatFormat format, AnglePath path);

/// \brief Per-pair errors of a low-precision rotation against the double reference.
struct RotationErrors {
    /// \f$|\mathrm{wrap}(α_{low} − α_{ref})|\f$ with wrap to \f$[−π, π]\f$ (radians): an error of
    /// exactly 2π is no error for the rotation. NaN where the position overflowed.
    Eigen::ArrayXd angleError;
    /// \f$|\cos_{low} − \cos_{ref}|\f$ per pair.
    Eigen::ArrayXd cosError;
    /// \f$|\sin_{low} − \sin_{ref}|\f$ per pair.
    Eigen::ArrayXd sinError;
    /// \f$\max|R_{low} − R_{ref}|\f$ over the four entries of the 2×2 block
    /// \f$\begin{pmatrix}\cos & −\sin\\ \sin & \cos\end{pmatrix}\f$ = max(cosError, sinError).
    Eigen::ArrayXd rotationError;
    /// True when the rounded position is ±inf (errors are then NaN).
    bool overflow = false;
};

/// \brief Errors of \p path in \p format at \p position, per pair.
/// \warning Throws InvalidParameter("inv_freq", "position").
RotationErrors rotationErrors(const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double position,
                              FloatFormat format, AnglePath path);

/// \brief Attention-score error from low-precision cos/sin tables.
///
/// Reference \f$s = (R_m q)^\top (R_n k)\f$ in double; the low value uses the same formula with
/// the path's cos/sin at m and n (q, k and the arithmetic stay in double, so only the position
/// tables' error is measured). Pairs are interleaved: \f$(x_{2i}, x_{2i+1})\f$ rotated by
/// \f$mθ_i\f$ (RoFormer eq. 34). Returns \f$|s_{low} − s|\f$; NaN if a position overflowed.
/// \warning Throws InvalidParameter("q"/"k") if sizes differ from 2·invFreq.size() or values are
/// not finite, and ("inv_freq", "m", "n").
double scoreError(const Eigen::Ref<const Eigen::ArrayXd>& q,
                  const Eigen::Ref<const Eigen::ArrayXd>& k,
                  const Eigen::Ref<const Eigen::ArrayXd>& invFreq, double m, double n,
                  FloatFormat format, AnglePath path);

/// \brief Worst errors over pairs at many positions (one value per position), for plots.
struct PrecisionSweep {
    /// The positions, as passed.
    Eigen::ArrayXd positions;
    /// max over pairs of the wrapped angle error (radians); NaN on overflow.
    Eigen::ArrayXd maxAngleError;
    /// max over pairs of the rotation-matrix error; NaN on overflow.
    Eigen::ArrayXd maxRotationError;
};

/// \brief Worst per-position errors of \p path in \p format over \p positions.
/// \warning Throws InvalidParameter("positions") for more than limits::kMaxSweepPositions
/// entries (or none), and ("inv_freq", "position").
PrecisionSweep precisionSweep(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                              const Eigen::Ref<const Eigen::ArrayXd>& positions, FloatFormat format,
                              AnglePath path);

/// \brief precisionSweep(...).maxAngleError alone, bit for bit, without the cos/sin tables.
///
/// The angle error needs only the angles: low \f$a_i = \mathrm{fl}(\mathrm{fl}(m)\,
/// \mathrm{fl}(θ_i))\f$ (LowPrecisionProduct; every other path and float64 give \f$a_i = mθ_i\f$,
/// error 0) against the reference \f$mθ_i\f$ in double, wrapped to \f$[−π, π]\f$ and maximised
/// over pairs; NaN where the rounded position or an angle overflows. No trigonometry and no
/// allocation per position: the plotted angle view costs O(positions × pairs) roundings instead
/// of four cos/sin evaluations per pair and position.
/// \warning Throws like precisionSweep.
Eigen::ArrayXd maxAngleErrorSweep(const Eigen::Ref<const Eigen::ArrayXd>& invFreq,
                                  const Eigen::Ref<const Eigen::ArrayXd>& positions,
                                  FloatFormat format, AnglePath path);

namespace limits {
/// Largest number of positions one precisionSweep evaluates (2^20).
inline constexpr Eigen::Index kMaxSweepPositions = 1 << 20;
} // namespace limits

/// \brief An inclusive range of non-negative integer positions that all round to one value.
struct PositionInterval {
    /// Smallest integer position in the class.
    long long first = 0;
    /// Largest integer position in the class (capped at limits::kMaxPosition for the +inf class).
    long long last = 0;
    /// The common rounded value (may be +inf for float16).
    double representative = 0.0;
    /// Number of integers in [first, last].
    long long count() const noexcept { return last - first + 1; }
};

/// \brief The integers that collapse with \p position when stored in \p format.
///
/// Rounding is monotone, so the class of p is an interval [first, last]. Example (bfloat16,
/// p = 15962): spacing 64 in [8192, 16384), round(15962) = 15936; the ties 15904 and 15968
/// go to the even neighbours 15872 and 16000, so the class is [15905, 15967] (63 positions).
/// \param position 0 ≤ p ≤ limits::kMaxPosition, an integer.
/// \warning Throws InvalidParameter("position") otherwise.
PositionInterval positionCollapseInterval(FloatFormat format, long long position);

/// \brief Number of distinct values the integer positions 0…L−1 take in \p format.
///
/// Equals L while \f$L ≤ 2^p + 1\f$; beyond, each binade \f$[2^e, 2^{e+1})\f$ contributes
/// only \f$2^{p-1}\f$ values. Example: bfloat16, L = 16384 → 1025 (0…255, six binades of 128,
/// and 16384 itself, the value of 16383). The +inf of float16 counts as one value.
/// \param length L, 1 ≤ L ≤ limits::kMaxContext.
/// \warning Throws InvalidParameter("length") otherwise.
long long distinctPositionCount(FloatFormat format, long long length);

/// \brief Angles of the repeated-multiplication scheme in float32, as ggml's CPU rope forms
/// them (`ggml_rope_cache_init`): \f$\tilde θ_0 = \mathrm{fl}(p)\f$,
/// \f$\tilde θ_{i+1} = \mathrm{fl}(\tilde θ_i \cdot σ)\f$ with
/// \f$σ = \mathrm{powf}(b, \mathrm{fl}(-2/r))\f$, i = 0 … r/2 − 1 (rad).
///
/// Every product is one float32 rounding, so \f$\tilde θ_i\f$ carries up to i relative
/// roundings of 2^-24 plus i times the relative error of σ; at p = 2^20, b = 10^4, r = 128 the
/// error reaches about 0.1 rad (accumulatedAngleError()). Reproduced from ggml's algorithm,
/// not ggml's code (core/kernels/rope_ggml_style.h).
/// \param base b, finite, in (1, limits::kMaxBase].
/// \param rotaryDim r, even, 2 … limits::kMaxDim.
/// \param position p, |p| ≤ 2^24 (float32 holds every such integer).
/// \warning Throws InvalidParameter("base", "rotary-dim", "position").
Eigen::ArrayXd accumulatedAngles(double base, int rotaryDim, std::int64_t position);

/// \brief Signed error of accumulatedAngles() against the exact angle:
/// \f$\tilde θ_i − p\,b^{-2i/r}\f$ (rad), the exact angle in long double (powl).
/// \warning Throws as accumulatedAngles().
Eigen::ArrayXd accumulatedAngleError(double base, int rotaryDim, std::int64_t position);

/// \brief \f$\max_i |\tilde θ_i − p\,b^{-2i/r}|\f$ for each position (rad): the precision
/// panel's curve of the float-accumulated angle error against position.
/// \param positions integers, each |p| ≤ 2^24.
/// \warning Throws as accumulatedAngles(); "position" if an entry is not an integer.
Eigen::ArrayXd maxAccumulatedAngleError(double base, int rotaryDim,
                                        const Eigen::Ref<const Eigen::ArrayXd>& positions);

} // namespace rope
