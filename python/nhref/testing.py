"""nhref.testing -- helpers for users' test suites (pytest, unittest).

    from nhref.testing import assert_trajectory

    def test_my_integrator():
        df = my_integrator(...)                         # columns t, x, y, ...
        assert_trajectory(df, "chaplygin_sleigh", params={"J": "30"}, min_digits=10)

assert_trajectory takes the arguments of nhref.verify and raises AssertionError
with the report (every column's digits, the worst row, the verdict) when the
verdict is FAIL.  Bad input (unknown names, malformed values) raises
nhref.NhrefError, as verify does.
"""
from . import verify

__all__ = ["assert_trajectory"]


def assert_trajectory(data, model=None, **kwargs):
    """nhref.verify(data, model, **kwargs); AssertionError unless it passes.
    Returns the Report."""
    rep = verify(data, model, **kwargs)
    if not rep.passed:
        raise AssertionError("trajectory does not agree with nhref's reference (%s):\n%s"
                             % (rep.reference["model"], rep))
    return rep
