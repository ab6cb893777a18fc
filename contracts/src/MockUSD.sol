// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {Governed} from "./base/Governed.sol";

/// @notice The dev chain's stable token (mUSD). Six decimals like the real stables, so amounts in
/// tests and the demo org read the same as in production. Minting is the governor's alone.
contract MockUSD is ERC20, Governed {
    constructor(address governor) ERC20("Mock USD", "mUSD") Governed(governor) {}

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }
}
