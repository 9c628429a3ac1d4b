// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Panel "derivation": from "the score may depend on positions only through m − n" to
// f(q, m) = q·e^(imθ), one step per page (RoFormer, Su et al. 2021, §3.4.1: the polar route),
// then why one frequency and why sin alone are not enough, then R_m with the frequency ladder.
// Each page is a picture in the complex plane of one pair plus its prose (FigureData::caption).
#include "figures/derivation_figure.h"

#include "core/frequencies.h"
#include "core/rotation.h"
#include "figures/figure_registry.h"
#include "figures/figure_text.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rope::figures {

const OptionTable& derivationOptions();

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kTwoPi = 2.0 * std::numbers::pi;
// The drawn pair: |q| = 1 at angle Θ(q) = 0.4 rad, |k| = 0.7; k at Θ(q) + φ (option k-angle).
constexpr double kQLength = 1.0;
constexpr double kKLength = 0.7;
constexpr double kQAngle = 0.4;
// The matrix page shows the top-left block of R_m: at most this many pairs stay readable.
constexpr int kMatrixPairs = 8;
// Samples of the side plots' curves (scores under a shift of the positions).
constexpr int kCurveSamples = 256;

double reduceAngle(double a) {
    const double r = std::fmod(a, kTwoPi);
    return r < 0 ? r + kTwoPi : r;
}

// Readouts show at most four significant digits (integers in full).
double fourDigits(double v) {
    return v == std::round(v) ? v : QString::number(v, 'g', 4).toDouble();
}

QString number(double v) {
    if (v == std::round(v) && std::abs(v) < 1e7) {
        return QString::number(static_cast<long long>(v)).replace(QLatin1Char('-'), QChar(0x2212));
    }
    return QString::number(v, 'g', 4).replace(QLatin1Char('-'), QChar(0x2212));
}

Series guideCircle(double radius, Series s = {}) {
    s.style = SeriesStyle::Guide;
    for (int k = 0; k <= 128; ++k) {
        const double t = kTwoPi * k / 128;
        s.x.push_back(radius * std::cos(t));
        s.y.push_back(radius * std::sin(t));
    }
    s.x.push_back(std::nan(""));
    s.y.push_back(std::nan(""));
    return s;
}

Series arrow(const QString& name, double length, double angle, int colour,
             SeriesStyle style = SeriesStyle::Arrow) {
    Series s;
    s.name = name;
    s.style = style;
    s.colour = colour;
    s.x = {0.0, length * std::cos(angle)};
    s.y = {0.0, length * std::sin(angle)};
    return s;
}

// Counter-clockwise arc of radius r from angle `from` through `sweep` (≥ 0) radians.
Series arc(double radius, double from, double sweep, int colour) {
    Series s;
    s.name = FigureText::tr("arc");
    s.style = SeriesStyle::Path;
    s.colour = colour;
    s.inLegend = false;
    const int points = std::max(2, static_cast<int>(std::ceil(sweep / kTwoPi * 96)) + 1);
    for (int k = 0; k < points; ++k) {
        const double t = from + sweep * k / (points - 1);
        s.x.push_back(radius * std::cos(t));
        s.y.push_back(radius * std::sin(t));
    }
    return s;
}

// A label just outside an arc, at the given fraction of its sweep.
TextLabel arcLabel(double radius, double from, double sweep, const QString& text,
                   double at = 0.5) {
    const double t = from + at * sweep;
    return {(radius + 0.13) * std::cos(t), (radius + 0.13) * std::sin(t), text};
}

struct PageText {
    QString title;
    QString body;
    QString formula;
};

void setPage(FigureData& data, int page, const PageText& text) {
    data.title = FigureText::tr("Derivation %1/%2: %3")
                     .arg(page)
                     .arg(kDerivationPages)
                     .arg(text.title);
    data.caption = text.body + QStringLiteral("\n\n") + text.formula;
}

void complexPlane(FigureData& data) {
    data.xLabel = FigureText::tr("real part");
    data.yLabel = FigureText::tr("imaginary part");
    data.xRange = {{-1.3, 1.3}};
    data.yRange = {{-1.3, 1.3}};
    data.equalAspect = true;
    data.legendBelow = true;
}

// Score of q at position a and k at position b (both along the drawn pair): the real part of
// f(q, a)·f(k, b)* = |q||k| cos(Θ(q) + aθ − Θ(k) − bθ).
double rotaryScore(double theta, double phi, double a, double b) {
    return kQLength * kKLength * std::cos((b - a) * theta + phi);
}

// Pages 1–7: the derivation, always drawn for the shared m, n and the chosen pair's θ.
void derivationPage(FigureData& data, int page, double theta, double phi, double m, double n) {
    static const char* const kTitles[] = {
        QT_TRANSLATE_NOOP("Figures", "q and k as complex numbers"),
        QT_TRANSLATE_NOOP("Figures", "the requirement"),
        QT_TRANSLATE_NOOP("Figures", "polar form"),
        QT_TRANSLATE_NOOP("Figures", "set n = m: the lengths"),
        QT_TRANSLATE_NOOP("Figures", "set n = m: the angles"),
        QT_TRANSLATE_NOOP("Figures", "set n = m − 1: one step"),
        QT_TRANSLATE_NOOP("Figures", "the result is a rotation"),
    };
    PageText text;
    text.title = FigureText::tr(kTitles[page - 1]);
    switch (page) {
    case 1:
        text.body = FigureText::tr(
            "Take one pair of coordinates of a query q and of a key k and read each as a complex "
            "number: a length and an angle, q = ‖q‖·e^(iΘ(q)). Their dot product is the real "
            "part of q times the conjugate k* of k. Multiplying by e^(iα) turns a vector by α "
            "and keeps its length: the derivation will arrive at exactly this operation.");
        text.formula = FigureText::tr("⟨q, k⟩ = Re[q·k*] = ‖q‖‖k‖·cos(Θ(q) − Θ(k))");
        break;
    case 2:
        text.body = FigureText::tr(
            "Let f(q, m) put position m into q. Attention only sees dot products, so ask that "
            "the score of q at m and k at n depend on the positions only through m − n, and "
            "that position 0 change nothing: f(q, 0) = q. Beside, the answer derived on the "
            "next pages: moving m and n together keeps the score; moving n alone does not.");
        text.formula = FigureText::tr("⟨f(q, m), f(k, n)⟩ = g(q, k, m − n)");
        break;
    case 3:
        text.body = FigureText::tr(
            "In complex numbers ask f(q, m)·f(k, n)* = g(q, k, m − n), whose real part is the "
            "requirement. Write each unknown in polar form, a length R and an angle Θ. A "
            "product multiplies lengths and adds angles, so the one equation splits into an "
            "equation for lengths and one for angles.");
        text.formula =
            FigureText::tr("f(q, m) = R_f(q, m)·e^(iΘ_f(q, m))\nR_f(q, m)·R_f(k, n) = "
                           "R_g(q, k, m − n)\nΘ_f(q, m) − Θ_f(k, n) = Θ_g(q, k, m − n)");
        break;
    case 4:
        text.body = FigureText::tr(
            "Set n = m. The right side no longer depends on the position, so it keeps its "
            "value at m = n = 0, where f changes nothing. The product of the lengths is "
            "therefore the same at every position; the simplest solution, RoPE's, keeps each "
            "length. The dashed circles are ‖q‖ and ‖k‖: the arrows stay on them.");
        text.formula = FigureText::tr(
            "R_f(q, m)·R_f(k, m) = R_g(q, k, 0) = ‖q‖‖k‖  ⇒  R_f(q, m) = ‖q‖");
        break;
    case 5:
        text.body = FigureText::tr(
            "The angle equation at n = m has the same right side for every m, its value at "
            "0. Rearranged, the left side below depends on q alone and the right side on k "
            "alone, so both equal one function φ(m) of the position: at position m every "
            "vector is turned by the same angle φ(m), and φ(0) = 0.");
        text.formula = FigureText::tr(
            "Θ_f(q, m) − Θ(q) = Θ_f(k, m) − Θ(k) = φ(m)");
        break;
    case 6:
        text.body = FigureText::tr(
            "Now take neighbours, n = m − 1. The angle equation gives φ(m) − φ(m − 1) = "
            "Θ_g(q, k, 1) + Θ(k) − Θ(q), and the right side does not depend on m. So each "
            "step of one position turns by the same angle θ: φ is an arithmetic progression "
            "starting at φ(0) = 0.");
        text.formula = FigureText::tr("φ(m) − φ(m − 1) = θ  ⇒  Θ_f(q, m) = Θ(q) + mθ");
        break;
    default:
        text.body = FigureText::tr(
            "Put length and angle together: f(q, m) = ‖q‖·e^(i(Θ(q) + mθ)) = q·e^(imθ). "
            "Position m turns q by mθ, position n turns k by nθ, and the angle between them "
            "grows by (n − m)θ whatever m and n are. As a real 2×2 matrix this is the rotation "
            "R_m, and R_mᵀR_n = R_(n−m).");
        text.formula =
            FigureText::tr("f(q, m) = q·e^(imθ)\n⟨R_m q, R_n k⟩ = qᵀR_(n−m) k");
        break;
    }
    setPage(data, page, text);
    complexPlane(data);

    const double kAngle = kQAngle + phi;
    Series circles = guideCircle(kQLength);
    circles = guideCircle(kKLength, circles);
    circles.name = FigureText::tr("circles |q| and |k|");
    circles.id = QStringLiteral("circles");
    data.series.push_back(std::move(circles));
    if (page == 1) {
        data.series.push_back(arrow(FigureText::tr("q = ‖q‖·e^(iΘ(q))"), kQLength, kQAngle, 0));
        data.series.back().id = QStringLiteral("q");
        data.series.push_back(arrow(FigureText::tr("k = ‖k‖·e^(iΘ(k))"), kKLength, kAngle, 1));
        data.series.back().id = QStringLiteral("k");
        data.series.push_back(arc(0.3, 0.0, kQAngle, 0));
        data.series.back().id = QStringLiteral("arc-q");
        data.labels.push_back(arcLabel(0.3, 0.0, kQAngle, FigureText::tr("Θ(q)")));
        if (phi != 0.0) {
            const double sweep = reduceAngle(phi);
            data.series.push_back(arc(0.45, kQAngle, sweep, 1));
            data.series.back().id = QStringLiteral("arc-k-minus-q");
            data.labels.push_back(
                arcLabel(0.45, kQAngle, sweep, FigureText::tr("Θ(k) − Θ(q)")));
        }
        data.readouts = {
            {FigureText::tr("‖q‖"), kQLength, QString()},
            {FigureText::tr("Θ(q)"), kQAngle, QStringLiteral("rad")},
            {FigureText::tr("‖k‖"), kKLength, QString()},
            {FigureText::tr("Θ(k)"), fourDigits(reduceAngle(kAngle)), QStringLiteral("rad")},
            {FigureText::tr("⟨q, k⟩"), fourDigits(kQLength * kKLength * std::cos(phi)),
             QString()},
        };
        return;
    }
    const double angleM = reduceAngle(m * theta);
    const double angleN = reduceAngle(n * theta);
    // The angle from f(q, m) to f(k, n), counter-clockwise: φ + (n − m)θ mod 2π.
    const double between = reduceAngle(phi + (n - m) * theta);
    Series q0 = arrow(FigureText::tr("q, k at position 0"), kQLength, kQAngle, 6,
                      SeriesStyle::Path);
    q0.id = QStringLiteral("q-k-at-0");
    Series k0 = arrow(QString(), kKLength, kAngle, 6, SeriesStyle::Path);
    k0.id = QStringLiteral("k-at-0");
    k0.inLegend = false;
    data.series.push_back(std::move(q0));
    data.series.push_back(std::move(k0));
    data.series.push_back(
        arrow(FigureText::tr("f(q, m) = q·e^(imθ)"), kQLength, kQAngle + m * theta, 0));
    data.series.back().id = QStringLiteral("f-q-m");
    data.series.push_back(
        arrow(FigureText::tr("f(k, n) = k·e^(inθ)"), kKLength, kAngle + n * theta, 1));
    data.series.back().id = QStringLiteral("f-k-n");
    // Radii 0.18, 0.42, 0.6 keep each label (0.13 outside its arc) off the next arc. The mθ
    // and nθ arcs start together: their labels go near their ends, which differ.
    data.series.push_back(arc(0.18, kQAngle, angleM, 0));
    data.series.back().id = QStringLiteral("arc-m-theta");
    data.labels.push_back(arcLabel(0.18, kQAngle, angleM, FigureText::tr("mθ"), 0.85));
    data.series.push_back(arc(0.42, kAngle, angleN, 1));
    data.series.back().id = QStringLiteral("arc-n-theta");
    data.labels.push_back(arcLabel(0.42, kAngle, angleN, FigureText::tr("nθ"), 0.85));
    data.series.push_back(arc(0.6, kQAngle + m * theta, between, 2));
    data.series.back().id = QStringLiteral("arc-between");
    data.labels.push_back(arcLabel(0.6, kQAngle + m * theta, between,
                                   phi == 0.0 ? FigureText::tr("(n−m)θ")
                                              : FigureText::tr("φ + (n−m)θ")));
    data.readouts = {
        {FigureText::tr("m"), m, QString()},
        {FigureText::tr("n"), n, QString()},
        {FigureText::tr("θ"), fourDigits(theta), FigureText::tr("rad/token")},
        {FigureText::tr("(n−m)θ mod 2π"), fourDigits(reduceAngle((n - m) * theta)),
         QStringLiteral("rad")},
        {FigureText::tr("score ⟨f(q, m), f(k, n)⟩"), fourDigits(rotaryScore(theta, phi, m, n)),
         QString()},
    };
    if (page == 2) {
        // Beside: the score when both positions move by s (flat) and when only n does.
        const double span = std::min(2.0 * kTwoPi / theta, 1.0e6);
        SidePlot side;
        side.title = FigureText::tr("Score as positions move");
        side.xLabel = FigureText::tr("shift s (tokens)");
        side.yLabel = FigureText::tr("score");
        Series together;
        together.name = FigureText::tr("m+s, n+s");
        together.id = QStringLiteral("together");
        together.colour = 2;
        Series alone;
        alone.name = FigureText::tr("m, n+s");
        alone.id = QStringLiteral("alone");
        alone.colour = 3;
        for (int k = 0; k < kCurveSamples; ++k) {
            const double s = span * k / (kCurveSamples - 1);
            together.x.push_back(s);
            together.y.push_back(rotaryScore(theta, phi, m + s, n + s));
            alone.x.push_back(s);
            alone.y.push_back(rotaryScore(theta, phi, m, n + s));
        }
        side.series = {std::move(alone), std::move(together)};
        side.xRange = {0.0, 1.04 * span};
        side.yRange = {-1.0, 1.0};
        side.widthShare = 0.5;
        data.side = std::move(side);
    }
}

// Page 8: one frequency repeats; the nearest pair of integer positions whose angles agree.
void collisionPage(FigureData& data, double theta, double m, double toleranceDeg,
                   long long context) {
    const double tolerance = toleranceDeg * kPi / 180.0;
    const long long limit = std::clamp(context - 1, 1LL, kMaxCollisionGap);
    const PositionCollision hit = nearestCollision(theta, tolerance, limit);
    const double period = kTwoPi / theta;
    PageText text;
    text.title = FigureText::tr("one θ is not enough");
    if (hit.found) {
        text.body =
            FigureText::tr(
                "With one frequency the angle mθ counts only modulo 2π: the encoding repeats "
                "every 2π/θ = %1 tokens. Integer positions need not return exactly, but "
                "positions %2 and %3 (%4 apart) get angles %5° apart, within the tolerance of "
                "%6°: to this pair they are the same position. Slow pairs separate far "
                "positions, fast pairs near ones; RoPE uses many.")
                .arg(number(period), QString::number(static_cast<long long>(m)),
                     QString::number(static_cast<long long>(m) + hit.gap),
                     QString::number(hit.gap), number(std::abs(hit.residual) * 180.0 / kPi),
                     number(toleranceDeg));
    } else {
        text.body =
            FigureText::tr(
                "With one frequency the angle mθ counts only modulo 2π: the encoding repeats "
                "every 2π/θ = %1 tokens, so positions m and m + 2π/θ are the same to this "
                "pair. Within gaps up to %2 no position comes back within %3° of another after "
                "a turn: this slow pair separates the context, but neighbours differ by only "
                "%4°. RoPE uses many pairs.")
                .arg(number(period), QString::number(hit.searched), number(toleranceDeg),
                     number(theta * 180.0 / kPi));
    }
    text.formula = FigureText::tr("e^(i(m + 2π/θ)θ) = e^(imθ)");
    setPage(data, kCollisionPage, text);
    complexPlane(data);
    // Positions m, m + 1, … (at most 720 dots) on the unit circle, then the colliding two.
    const double second = hit.found ? m + static_cast<double>(hit.gap) : m + period;
    Series dots;
    dots.name = FigureText::tr("positions m, m+1, …");
    dots.id = QStringLiteral("positions");
    dots.style = SeriesStyle::Scatter;
    dots.colour = 6;
    const long long shown = std::min<long long>(hit.found ? hit.gap : 720, 720);
    for (long long j = 0; j <= shown; ++j) {
        dots.x.push_back(std::cos((m + j) * theta));
        dots.y.push_back(std::sin((m + j) * theta));
    }
    data.series.push_back(guideCircle(1.0));
    data.series.back().id = QStringLiteral("unit-circle");
    data.series.push_back(std::move(dots));
    const double a = m * theta;
    const double b = second * theta;
    data.series.push_back(arrow(FigureText::tr("e^(imθ), position m"), 1.0, a, 0));
    data.series.back().id = QStringLiteral("position-m");
    data.series.push_back(arrow(FigureText::tr("e^(im′θ), colliding position m′"), 0.8, b, 1));
    data.series.back().id = QStringLiteral("position-m-prime");
    data.labels.push_back({0.62 * std::cos(a) - 0.18 * std::sin(a),
                           0.62 * std::sin(a) + 0.18 * std::cos(a),
                           FigureText::tr("m = %1").arg(number(m))});
    data.labels.push_back({0.45 * std::cos(b) + 0.18 * std::sin(b),
                           0.45 * std::sin(b) - 0.18 * std::cos(b),
                           FigureText::tr("m′ = %1").arg(number(second))});
    data.readouts = {
        {FigureText::tr("θ"), fourDigits(theta), FigureText::tr("rad/token")},
        {FigureText::tr("period 2π/θ"), fourDigits(period), FigureText::tr("tokens")},
        {FigureText::tr("m"), m, QString()},
        {FigureText::tr("m′"), fourDigits(second), QString()},
        {FigureText::tr("angle m′θ − mθ, nearest turn"),
         fourDigits(hit.found ? hit.residual * 180.0 / kPi : 0.0), QStringLiteral("°")},
    };
    if (hit.found && hit.gap <= 2000) {
        // Beside: the angle of every position between the two, mod 2π (a sawtooth).
        SidePlot side;
        side.title = FigureText::tr("Angle of each position");
        side.xLabel = FigureText::tr("position");
        side.yLabel = FigureText::tr("angle mod 2π (°)");
        Series all;
        all.name = FigureText::tr("positions");
        all.id = QStringLiteral("positions");
        all.style = SeriesStyle::Scatter;
        all.colour = 6;
        all.inLegend = false;
        for (long long j = 0; j <= hit.gap; ++j) {
            all.x.push_back(m + static_cast<double>(j));
            all.y.push_back(reduceAngle((m + static_cast<double>(j)) * theta) * 180.0 / kPi);
        }
        Series pairPoints;
        pairPoints.name = FigureText::tr("m and m′");
        pairPoints.id = QStringLiteral("m-and-m-prime");
        pairPoints.style = SeriesStyle::Scatter;
        pairPoints.colour = 1;
        pairPoints.inLegend = false;
        pairPoints.x = {m, second};
        pairPoints.y = {reduceAngle(a) * 180.0 / kPi, reduceAngle(b) * 180.0 / kPi};
        // The angle of position m across the plot: only m′ comes back onto it.
        Series level;
        level.name = FigureText::tr("angle of position m");
        level.id = QStringLiteral("angle-of-m");
        level.style = SeriesStyle::Path;
        level.colour = 0;
        level.inLegend = false;
        level.x = {m, second};
        level.y = {reduceAngle(a) * 180.0 / kPi, reduceAngle(a) * 180.0 / kPi};
        side.series = {std::move(level), std::move(all), std::move(pairPoints)};
        side.xRange = {m - 0.02 * hit.gap - 1, second + 0.02 * hit.gap + 1};
        side.yRange = {0.0, 380.0};
        side.widthShare = 0.5;
        data.side = std::move(side);
    }
}

// Page 9: sin alone repeats within a turn (mirror positions) and is not relative.
void sinPage(FigureData& data, double theta, double phi, double m, double n) {
    // A position whose cos is far from 0, so the mirror position is visibly another one.
    double a = m;
    for (int k = 0; k < 100000 && std::abs(std::cos(a * theta)) < 0.25; ++k) {
        a += 1.0;
    }
    const double mirror = sinMirrorPosition(theta, a);
    PageText text;
    text.title = FigureText::tr("sin alone is not enough");
    text.body = FigureText::tr(
        "Why both cos and sin? Encode a position by sin(mθ) alone and positions %1 and "
        "%2 = π/θ − %1 (mod 2π/θ) get the same value; only cos tells them apart (the arrows "
        "mirror each other). Scaling q and k by sin is not relative either: sin(mθ)·sin(nθ) = "
        "½[cos((m−n)θ) − cos((m+n)θ)] depends on m + n (beside: both positions shifted).")
                    .arg(number(a), number(mirror));
    text.formula = FigureText::tr("sin(mθ) = sin((π/θ − m)θ),  cos(mθ) = −cos((π/θ − m)θ)");
    setPage(data, kSinPage, text);
    complexPlane(data);
    const double ta = a * theta;
    const double tb = mirror * theta;
    data.series.push_back(guideCircle(1.0));
    data.series.back().id = QStringLiteral("unit-circle");
    Series level;
    level.name = FigureText::tr("equal sin");
    level.id = QStringLiteral("equal-sin");
    level.style = SeriesStyle::Path;
    level.colour = 5;
    level.x = {-1.2, 1.2};
    level.y = {std::sin(ta), std::sin(ta)};
    data.series.push_back(std::move(level));
    data.series.push_back(arrow(FigureText::tr("e^(imθ)"), 1.0, ta, 0));
    data.series.back().id = QStringLiteral("position-m");
    data.series.push_back(arrow(FigureText::tr("e^(im′θ), m′ = π/θ − m"), 1.0, tb, 1));
    data.series.back().id = QStringLiteral("mirror-m-prime");
    // Labels inside the circle, on the side of each arrow away from the sin line.
    const double offset = std::sin(ta) >= 0 ? -0.12 : 0.12;
    data.labels.push_back({0.6 * std::cos(ta), 0.6 * std::sin(ta) + offset,
                           FigureText::tr("m = %1").arg(number(a))});
    data.labels.push_back({0.6 * std::cos(tb), 0.6 * std::sin(tb) + offset,
                           FigureText::tr("m′ = %1").arg(number(mirror))});
    data.readouts = {
        {FigureText::tr("m"), fourDigits(a), QString()},
        {FigureText::tr("m′"), fourDigits(mirror), QString()},
        {FigureText::tr("sin mθ"), fourDigits(std::sin(ta)), QString()},
        {FigureText::tr("sin m′θ"), fourDigits(std::sin(tb)), QString()},
        {FigureText::tr("cos mθ"), fourDigits(std::cos(ta)), QString()},
        {FigureText::tr("cos m′θ"), fourDigits(std::cos(tb)), QString()},
    };
    SidePlot side;
    side.title = FigureText::tr("Score as both positions move");
    side.xLabel = FigureText::tr("shift s (tokens)");
    side.yLabel = FigureText::tr("score of m+s, n+s");
    const double span = std::min(2.0 * kTwoPi / theta, 1.0e6);
    Series rotary;
    rotary.name = FigureText::tr("rotation");
    rotary.id = QStringLiteral("rotation");
    rotary.colour = 2;
    Series sinOnly;
    sinOnly.name = FigureText::tr("sin only");
    sinOnly.id = QStringLiteral("sin-only");
    sinOnly.colour = 3;
    const double dot = kQLength * kKLength * std::cos(phi);
    for (int k = 0; k < kCurveSamples; ++k) {
        const double s = span * k / (kCurveSamples - 1);
        rotary.x.push_back(s);
        rotary.y.push_back(rotaryScore(theta, phi, m + s, n + s));
        sinOnly.x.push_back(s);
        sinOnly.y.push_back(dot * std::sin((m + s) * theta) * std::sin((n + s) * theta));
    }
    side.series = {std::move(rotary), std::move(sinOnly)};
    side.xRange = {0.0, 1.04 * span};
    side.yRange = {-1.0, 1.0};
    side.widthShare = 0.5;
    data.side = std::move(side);
}

// Page 10: R_m block diagonal (top-left pairs) and the ladder θ_i = b^(−2i/d).
void ladderPage(FigureData& data, const Eigen::ArrayXd& theta, double m, int dim, double base) {
    const auto pairs = static_cast<int>(theta.size());
    const int shown = std::min(pairs, kMatrixPairs);
    PageText text;
    text.title = FigureText::tr("many pairs: R_m and the frequency ladder");
    text.body = FigureText::tr(
        "A head of d = %1 coordinates is cut into %2 pairs, and pair i turns with its own "
        "θ_i = b^(−2i/d): from θ_0 = 1 rad per token down to θ_%3 = %4 (b = %5). R_m is block "
        "diagonal, one 2×2 rotation per pair, so the derivation holds pair by pair and the "
        "score still depends on m − n only.")
                    .arg(dim)
                    .arg(pairs)
                    .arg(pairs - 1)
                    .arg(number(theta[pairs - 1]), number(base));
    text.formula =
        FigureText::tr("R_m = diag(R(mθ_0), …, R(mθ_(d/2−1)))\nθ_i = b^(−2i/d)");
    setPage(data, kDerivationPages, text);
    const Eigen::MatrixXd r =
        rope::rotationMatrix(theta.head(shown), m, rope::Layout::Interleaved);
    ColourMap map;
    map.columns = 2 * shown;
    map.rows = 2 * shown;
    map.xFirst = 0;
    map.xLast = 2 * shown - 1;
    map.yFirst = 0;
    map.yLast = 2 * shown - 1;
    map.values.resize(static_cast<std::size_t>(map.columns) * map.rows);
    for (int row = 0; row < map.rows; ++row) {
        for (int col = 0; col < map.columns; ++col) {
            map.values[static_cast<std::size_t>(row) * map.columns + col] = r(row, col);
        }
    }
    map.zMin = -1;
    map.zMax = 1;
    map.label = FigureText::tr("entry of R_m");
    data.colourMap = std::move(map);
    data.yReversed = true;
    data.equalAspect = true;
    data.xLabel = shown < pairs ? FigureText::tr("column, by pair i (first %1 of %2 pairs)")
                                      .arg(shown)
                                      .arg(pairs)
                                : FigureText::tr("column, by pair i");
    data.yLabel = FigureText::tr("row, by pair i");
    data.xRange = {{-0.5, 2.0 * shown - 0.5}};
    data.yRange = {{-0.5, 2.0 * shown - 0.5}};
    for (int i = 0; i < shown; ++i) {
        data.xTicks.push_back({2.0 * i + 0.5, QString::number(i)});
        data.yTicks.push_back({2.0 * i + 0.5, QString::number(i)});
    }
    data.readouts = {
        {FigureText::tr("m"), m, QString()},
        {FigureText::tr("d"), static_cast<double>(dim), QString()},
        {FigureText::tr("b"), fourDigits(base), QString()},
        {FigureText::tr("θ_%1 (slowest)").arg(pairs - 1), fourDigits(theta[pairs - 1]),
         FigureText::tr("rad/token")},
    };
    SidePlot side;
    side.title = FigureText::tr("Frequency ladder θ_i = b^(−2i/d)");
    side.xLabel = FigureText::tr("pair i");
    side.yLabel = FigureText::tr("log₁₀ θ_i");
    Series ladder;
    ladder.name = FigureText::tr("log₁₀ θ_i");
    ladder.id = QStringLiteral("ladder");
    ladder.style = SeriesStyle::Scatter;
    ladder.colour = 0;
    ladder.inLegend = false;
    Series drawn;
    drawn.name = FigureText::tr("pairs in the matrix");
    drawn.id = QStringLiteral("drawn");
    drawn.style = SeriesStyle::Scatter;
    drawn.colour = 1;
    drawn.inLegend = false;
    for (int i = 0; i < pairs; ++i) {
        Series& s = i < shown ? drawn : ladder;
        s.x.push_back(i);
        s.y.push_back(std::log10(theta[i]));
    }
    const double lowest = std::log10(theta[pairs - 1]);
    side.labels.push_back({std::min(shown, pairs - 1) + 0.12 * pairs,
                           std::log10(theta[std::min(shown, pairs) - 1]) * 0.5,
                           FigureText::tr("in the matrix")});
    // With d/2 ≤ kMatrixPairs every pair is in the matrix and the first series stays empty.
    if (!ladder.x.empty()) {
        side.series.push_back(std::move(ladder));
    }
    side.series.push_back(std::move(drawn));
    side.xRange = {-0.05 * pairs - 0.5, 1.05 * pairs};
    side.yRange = {std::min(lowest, -1.0) * 1.08, 0.3};
    side.widthShare = 0.7;
    data.side = std::move(side);
}

double lastPair(const rope::RopeParams& params) {
    return params.effectiveRotaryDim() / 2 - 1;
}

} // namespace

PositionCollision nearestCollision(double theta, double tolerance, long long limit) {
    PositionCollision result;
    result.searched = limit;
    for (long long p = 1; p <= limit; ++p) {
        const double angle = static_cast<double>(p) * theta;
        if (angle < kPi) {
            continue;
        }
        const double residual = angle - kTwoPi * std::round(angle / kTwoPi);
        if (std::abs(residual) <= tolerance) {
            result.found = true;
            result.gap = p;
            result.residual = residual;
            result.searched = p;
            return result;
        }
    }
    return result;
}

double sinMirrorPosition(double theta, double m) {
    const double period = kTwoPi / theta;
    const double mirror = std::fmod(kPi / theta - m, period);
    return mirror < 0 ? mirror + period : mirror;
}

FigureData derivationFigure(const rope::RopeParams& params, const FigureOptions& options) {
    const int dim = params.effectiveRotaryDim();
    const Eigen::ArrayXd theta = rope::inverseFrequencies(dim, params.base);
    const auto pairs = static_cast<int>(theta.size());
    const OptionValues v(derivationOptions(), options);
    const int page = static_cast<int>(std::clamp<long long>(v.integer("page"), 1, kDerivationPages));
    const int pair = static_cast<int>(std::clamp<long long>(v.integer("pair"), 0, pairs - 1));
    const double phi = static_cast<double>(v.integer("k-angle-deg")) * kPi / 180.0;
    const auto m = static_cast<double>(params.m);
    const auto n = static_cast<double>(params.n);
    FigureData data;
    if (page <= 7) {
        derivationPage(data, page, theta[pair], phi, m, n);
    } else if (page == kCollisionPage) {
        collisionPage(data, theta[pair], m, v.real("tolerance-deg"), params.context);
    } else if (page == kSinPage) {
        sinPage(data, theta[pair], phi, m, n);
    } else {
        ladderPage(data, theta, m, dim, params.base);
    }
    return data;
}

const OptionTable& derivationOptions() {
    static const OptionTable table = {
        {.id = "page",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "Pa&ge:"),
         .kind = OptionKind::Integer,
         .defaultValue = 1,
         .min = 1,
         .max = kDerivationPages,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "Step of the derivation (Previous / Next).")},
        {.id = "pair",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Pair i:"),
         .kind = OptionKind::Integer,
         .defaultValue = 0,
         .min = 0,
         .max = rope::limits::kMaxDim / 2 - 1,
         .tooltip = QT_TRANSLATE_NOOP("FigureOptions",
                                      "Which pair's θ_i = b^(−2i/d) the pages 1–9 use."),
         .dynamicMax = &lastPair},
        {.id = "k-angle-deg",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&k vs q:"),
         .kind = OptionKind::Integer,
         // 60°, as on the rotation panel: with 0 the arrows q and k of page 1 lie on one line.
         .defaultValue = 60,
         .min = -180,
         .max = 180,
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions",
             "Angle φ between q and k before any rotation (0: the arc is exactly (n−m)θ)."),
         .suffix = "°"},
        {.id = "tolerance-deg",
         .label = QT_TRANSLATE_NOOP("FigureOptions", "&Tolerance:"),
         .kind = OptionKind::Real,
         .defaultValue = 1.0,
         .min = 0.01,
         .max = 10.0,
         .tooltip = QT_TRANSLATE_NOOP(
             "FigureOptions",
             "Page 8: two positions collide when their angles agree within this many degrees."),
         .suffix = "°",
         .step = 0.1,
         .decimals = 2},
    };
    return table;
}

} // namespace rope::figures
