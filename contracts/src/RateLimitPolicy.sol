// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {IPolicyModule} from "./interfaces/IPolicyModule.sol";
import {IRateRecorder} from "./interfaces/IRateRecorder.sol";
import {Verdict} from "./base/Verdict.sol";

/// @notice At most `maxActions` accepted proposals per agent in a fixed window of `windowSeconds`
/// that opens at the agent's first action; past that, ESCALATE until the window closes. Only the
/// router fixed at construction records actions: a check is a view, and letting anyone record
/// would let anyone push an agent over its limit. Immutable, so not Governed: a new limit is a new module.
contract RateLimitPolicy is IPolicyModule, IRateRecorder {
    error NotRecorder(address caller);
    error InvalidRateLimit();

    struct Window {
        uint64 start;
        uint64 count;
    }

    uint256 public immutable maxActions;
    uint256 public immutable windowSeconds;
    address public immutable recorder;

    mapping(address agent => Window) public windows;

    constructor(uint256 maxActions_, uint256 windowSeconds_, address recorder_) {
        if (maxActions_ == 0 || windowSeconds_ == 0 || windowSeconds_ > type(uint64).max || recorder_ == address(0)) {
            revert InvalidRateLimit();
        }
        maxActions = maxActions_;
        windowSeconds = windowSeconds_;
        recorder = recorder_;
    }

    function record(address agent) external {
        if (msg.sender != recorder) revert NotRecorder(msg.sender);
        Window storage w = windows[agent];
        if (!_open(w)) {
            w.start = uint64(block.timestamp);
            w.count = 1;
        } else {
            w.count += 1;
        }
    }

    function check(address agent, address, uint256, bytes calldata) external view returns (uint8) {
        Window storage w = windows[agent];
        return _open(w) && w.count >= maxActions ? Verdict.ESCALATE : Verdict.ALLOW;
    }

    function kind() external pure returns (string memory) {
        return "rate_limit";
    }

    /// @dev A window that never started (start 0) or has run its length is closed.
    function _open(Window storage w) private view returns (bool) {
        return w.start != 0 && block.timestamp < uint256(w.start) + windowSeconds;
    }
}
