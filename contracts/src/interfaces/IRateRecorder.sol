// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

/// @notice What an EscalationRouter calls once per accepted proposal so a rate limit counts actions
/// that really happened, not checks (checks are views and cannot count).
interface IRateRecorder {
    /// @dev Only the router fixed at the recorder's construction may call it; anyone else reverts NotRecorder.
    function record(address agent) external;
}
