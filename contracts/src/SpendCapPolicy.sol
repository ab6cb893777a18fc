// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {IPolicyModule} from "./interfaces/IPolicyModule.sol";
import {Verdict} from "./base/Verdict.sol";
import {Governed} from "./base/Governed.sol";

/// @notice How much an agent may spend without asking: up to its cap ALLOW, above it ESCALATE.
/// Never DENY: a large spend is a question for the approver, not a wrong. Caps are per agent,
/// else the immutable default; `type(uint256).max` is unlimited.
contract SpendCapPolicy is IPolicyModule, Governed {
    event AgentCapSet(address indexed agent, uint256 cap);

    uint256 public immutable defaultCap;

    mapping(address agent => uint256) private _caps;
    mapping(address agent => bool) public hasAgentCap;

    constructor(address governor, uint256 defaultCap_) Governed(governor) {
        defaultCap = defaultCap_;
    }

    function setAgentCap(address agent, uint256 cap) external onlyOwner {
        _caps[agent] = cap;
        hasAgentCap[agent] = true;
        emit AgentCapSet(agent, cap);
    }

    function capOf(address agent) public view returns (uint256) {
        return hasAgentCap[agent] ? _caps[agent] : defaultCap;
    }

    function check(address agent, address, uint256 value, bytes calldata) external view returns (uint8) {
        return value <= capOf(agent) ? Verdict.ALLOW : Verdict.ESCALATE;
    }

    function kind() external pure returns (string memory) {
        return "spend_cap";
    }
}
