// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/scaling/scaling_checks.h"

#include "core/rope_params.h"
#include "core/scaling/scaling_fields.h"
#include "core/scaling/scaling_method.h"

#include <cmath>
#include <sstream>

namespace rope::scaling_detail {

namespace {
// The field's id as the std::string InvalidParameter takes; messages start with it, so the
// name a user reads is the flag they typed.
std::string name(std::string_view id) {
    return std::string(id);
}
} // namespace

std::string show(double value) {
    std::ostringstream os;
    os.precision(17);
    os << value;
    return os.str();
}

int rotaryDimOf(const Eigen::Ref<const Eigen::ArrayXd>& invFreq) {
    if (invFreq.size() < 1 || invFreq.size() > limits::kMaxDim / 2) {
        throw InvalidParameter("inv_freq", "inv_freq must hold 1 to " +
                                               std::to_string(limits::kMaxDim / 2) +
                                               " values, got " + std::to_string(invFreq.size()));
    }
    for (Eigen::Index i = 0; i < invFreq.size(); ++i) {
        if (!std::isfinite(invFreq[i]) || invFreq[i] <= 0.0) {
            throw InvalidParameter("inv_freq", "inv_freq[" + std::to_string(i) +
                                                   "] must be finite and positive, got " +
                                                   show(invFreq[i]));
        }
    }
    return static_cast<int>(2 * invFreq.size());
}

void checkNtkDim(int rotaryDim, const char* method) {
    // b' = b·x^(d/(d−2)) divides by zero at d = 2 (HF raises ZeroDivisionError there).
    if (rotaryDim < 4) {
        throw InvalidParameter("dim", std::string(method) +
                                          " needs a rotary dimension of at least 4 (exponent "
                                          "d/(d-2)), got " +
                                          std::to_string(rotaryDim));
    }
}

void checkFactor(double factor) {
    // !(x >= 1) also rejects NaN.
    if (!std::isfinite(factor) || !(factor >= 1.0) || factor > limits::kMaxScalingValue) {
        throw InvalidParameter(name(field::kFactor),
                               name(field::kFactor) + " must be a finite number in [1, 1e6], got " +
                                   show(factor));
    }
}

void checkOriginalContext(int originalContext) {
    if (originalContext < 1 || originalContext > limits::kMaxContext) {
        throw InvalidParameter(name(field::kOriginalContext),
                               name(field::kOriginalContext) + " must be in [1, 67108864], got " +
                                   std::to_string(originalContext));
    }
}

void checkSeqLen(long long seqLen) {
    if (seqLen < 0 || seqLen > limits::kMaxContext) {
        throw InvalidParameter(name(field::kSeqLen), name(field::kSeqLen) +
                                                         " must be in [0, 67108864], got " +
                                                         std::to_string(seqLen));
    }
}

namespace {
bool inBetaRange(double beta) {
    return std::isfinite(beta) && beta >= limits::kMinYarnBeta && beta <= limits::kMaxScalingValue;
}
} // namespace

void checkBetas(double betaFast, double betaSlow) {
    if (!inBetaRange(betaFast)) {
        throw InvalidParameter(name(field::kBetaFast),
                               name(field::kBetaFast) +
                                   " must be a finite number in [1e-6, 1e6], got " +
                                   show(betaFast));
    }
    if (!inBetaRange(betaSlow)) {
        throw InvalidParameter(name(field::kBetaSlow),
                               name(field::kBetaSlow) +
                                   " must be a finite number in [1e-6, 1e6], got " +
                                   show(betaSlow));
    }
    if (betaFast < betaSlow) {
        throw InvalidParameter(name(field::kBetaFast), name(field::kBetaFast) + " (" +
                                                           show(betaFast) + ") must not be below " +
                                                           name(field::kBetaSlow) + " (" +
                                                           show(betaSlow) + ")");
    }
}

void checkOptionalNonNegative(double value, std::string_view id) {
    if (!std::isfinite(value) || value < 0.0 || value > limits::kMaxScalingValue) {
        throw InvalidParameter(name(id),
                               name(id) + " must be a finite number in [0, 1e6] (0 = unset), got " +
                                   show(value));
    }
}

void checkAttentionFactor(double value) {
    if (!std::isfinite(value) || value < 0.0 || value > limits::kMaxScalingValue) {
        throw InvalidParameter(name(field::kAttentionFactor),
                               name(field::kAttentionFactor) +
                                   " must be a finite number in (0, 1e6] (0 = unset), "
                                   "got " +
                                   show(value));
    }
}

void checkFreqFactors(double lowFreqFactor, double highFreqFactor) {
    const auto check = [](double v, std::string_view id) {
        if (!std::isfinite(v) || !(v > 0.0) || v > limits::kMaxScalingValue) {
            throw InvalidParameter(
                name(id), name(id) + " must be a finite number in (0, 1e6], got " + show(v));
        }
    };
    check(lowFreqFactor, field::kLowFreqFactor);
    check(highFreqFactor, field::kHighFreqFactor);
    // low == high is allowed: Llama 4 Scout ships low = high = 1 (no blend band, a hard switch
    // at λ = L0); applyLlama3Scaling then never evaluates the blend.
    if (!(lowFreqFactor <= highFreqFactor)) {
        throw InvalidParameter(name(field::kHighFreqFactor),
                               name(field::kHighFreqFactor) + " (" + show(highFreqFactor) +
                                   ") must exceed " + name(field::kLowFreqFactor) + " (" +
                                   show(lowFreqFactor) + ") or equal it");
    }
}

Eigen::ArrayXd inverseFrequencyLadder(int rotaryDim, double base) {
    Eigen::ArrayXd theta(rotaryDim / 2);
    for (Eigen::Index i = 0; i < theta.size(); ++i) {
        theta[i] = 1.0 / std::pow(base, (2.0 * static_cast<double>(i)) / rotaryDim);
    }
    return theta;
}

} // namespace rope::scaling_detail
